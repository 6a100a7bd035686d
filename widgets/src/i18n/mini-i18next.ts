// A small i18next-compatible translator: exactly the part of i18next that Kiwi's shared front end and locale files use.
// The widget build aliases `i18next` to this file (bundled i18next is 17 KB gzip, this about 3.5). Lookups, plurals,
// context, interpolation and nesting follow i18next 27's Translator/Interpolator step by step (same key order, same
// fallbacks, same "missing key returns the key"); mini-i18next.test.ts compares every key of every locale with the real
// i18next. What is left out (formatters, returnObjects, postProcess, keyPrefix, ordinal plurals, cimode, detectors,
// custom separators) is listed in docs/decisions.md "Widgets: i18n without i18next".
// Differences on purpose: a backend loads only the current language; a fallback language's namespace is loaded on the
// first lookup that needs it, and 'loaded' is emitted when it arrives (i18next loads every fallback up front).

type Json = { [key: string]: unknown };
type Listener = (...args: unknown[]) => void;

/** Options of t(): interpolation values plus the i18next options supported here. */
export type TOptions = {
  [value: string]: unknown;
  lng?: string;
  ns?: string | readonly string[];
  count?: number;
  context?: string | number;
  defaultValue?: string;
  replace?: Json;
};

export type TFunction = ((key: string | readonly string[], options?: TOptions | string, more?: TOptions) => string) & {
  lng?: string;
  ns?: string | readonly string[];
};

/** A backend in i18next's promise style (`callbackApi: false`): `read` resolves one namespace of one language. */
export type BackendModule = { type: 'backend'; callbackApi?: false; read(language: string, namespace: string): Promise<unknown> };
export type Module = BackendModule | { type: string; init?(instance: I18n): void };

export type InitOptions = {
  resources?: Record<string, Record<string, unknown>>;
  lng?: string;
  fallbackLng?: string | readonly string[] | false;
  supportedLngs?: readonly string[] | false;
  ns?: string | readonly string[];
  defaultNS?: string | readonly string[];
  interpolation?: { escapeValue?: boolean };
  /** Accepted for compatibility; init is synchronous when every namespace is in `resources`. */
  initAsync?: boolean;
};

type Resolved = { res: unknown; usedLng?: string };

const hasOwn = (object: unknown, key: string): boolean => object != null && typeof object === 'object' && Object.hasOwn(object, key);
const toString = (value: unknown): string => (value == null ? '' : String(value));
const list = <T>(value: T | readonly T[] | undefined | false): T[] =>
  value == null || value === false ? [] : Array.isArray(value) ? [...value] : [value as T];
const isValid = (res: unknown): boolean => res !== undefined && res !== null && res !== '';
const nestingRegExp = () => /\$t\(((?:[^()"']|"[^"]*"|'[^']*'|\((?:[^()"']|"[^"]*"|'[^']*')*\))*?)\)/g;
const countNesting = (text: string): number => text.match(nestingRegExp())?.length ?? 0;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** i18next's getPath: own properties only, strings stop the walk. */
function getPath(object: unknown, path: string[]): unknown {
  let current = object;
  for (const part of path) {
    if (!current || typeof current === 'string' || !hasOwn(current, part)) return undefined;
    current = (current as Json)[part];
  }
  return current;
}

/** i18next's deepFind: also finds flat keys that contain the separator ("slack.coin_message"). */
function deepFind(object: unknown, path: string): unknown {
  if (!object) return undefined;
  const direct = (object as Json)[path];
  if (direct) return hasOwn(object, path) ? direct : undefined;
  const tokens = path.split('.');
  let current: unknown = object;
  for (let i = 0; i < tokens.length; ) {
    if (!current || typeof current !== 'object') return undefined;
    let next: unknown;
    let nextPath = '';
    for (let j = i; j < tokens.length; ++j) {
      nextPath += (j !== i ? '.' : '') + tokens[j];
      next = (current as Json)[nextPath];
      if ((typeof next === 'function' || nextPath === '__proto__') && !hasOwn(current, nextPath)) next = undefined;
      if (next !== undefined) {
        if (['string', 'number', 'boolean'].includes(typeof next) && j < tokens.length - 1) continue;
        i += j - i + 1;
        break;
      }
    }
    current = next;
  }
  return current;
}

/** i18next's looksLikeObjectPath: "errors:foo.bar" is a key, "Are you sure? Yes: no" is natural language. */
function looksLikeObjectPath(key: string): boolean {
  const natural = /( |,|\?|!|;)/;
  if (!natural.test(key)) return true;
  const dot = key.indexOf('.');
  return dot > 0 && !natural.test(key.substring(0, dot));
}

function formatCode(code: string): string {
  try {
    return Intl.getCanonicalLocales(code.replace(/_/g, '-'))[0] ?? code;
  } catch {
    return code;
  }
}
const languagePart = (code: string): string => formatCode(code.replace(/_/g, '-').split('-')[0] ?? code);

export class I18n {
  language = '';
  languages: string[] = [];
  resolvedLanguage: string | undefined;
  isInitialized = false;
  options: Omit<InitOptions, 'ns' | 'defaultNS' | 'resources'> & { ns: string[]; defaultNS: string[]; fallbackLng: string[] } = {
    ns: ['translation'],
    defaultNS: ['translation'],
    fallbackLng: [],
  };
  /** language -> namespace -> resources. */
  readonly data: Record<string, Record<string, Json>> = {};
  private backend: BackendModule | undefined;
  private readonly modules: Module[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly attempted = new Set<string>();
  private readonly plurals = new Map<string, Intl.PluralRules>();
  private changingTo: string | undefined;

  constructor(options?: InitOptions) {
    if (options) void this.init(options);
  }

  /** Bound like i18next's member functions, so `const { t } = i18n` works. */
  readonly t: TFunction = (keys, options, more) => this.translate(keys, toOptions(options, more));

  use(module: Module): this {
    if (module.type === 'backend') this.backend = module as BackendModule;
    this.modules.push(module);
    return this;
  }

  async init(options: InitOptions = {}, callback?: (error: unknown, t: TFunction) => void): Promise<TFunction> {
    const ns = list(options.ns ?? this.options.ns);
    const defaultNS = list(
      options.defaultNS ??
        (options.ns ? (typeof options.ns === 'string' || !ns.includes('translation') ? ns[0] : 'translation') : this.options.defaultNS),
    );
    this.options = { ...this.options, ...options, ns, defaultNS, fallbackLng: list(options.fallbackLng ?? this.options.fallbackLng) };
    if (options.supportedLngs) this.options.supportedLngs = [...options.supportedLngs, 'cimode'];
    for (const [lng, bundles] of Object.entries(options.resources ?? {})) {
      for (const [namespace, resources] of Object.entries(bundles))
        this.addResourceBundle(lng, namespace, resources as Json, false, true, true);
    }
    for (const module of this.modules) if ('init' in module && module.init) module.init(this);
    const lng = this.bestMatch(options.lng ?? this.options.fallbackLng[0] ?? 'dev');
    this.setLanguage(lng);
    this.isInitialized = true;
    const loaded = this.backend ? this.load([lng], this.options.ns) : undefined;
    if (loaded) await loaded;
    this.emit('initialized', this.options);
    callback?.(null, this.t);
    return this.t;
  }

  async changeLanguage(lng?: string, callback?: (error: unknown, t: TFunction) => void): Promise<TFunction> {
    const requested = lng ?? this.language;
    this.changingTo = requested;
    this.emit('languageChanging', requested);
    const target = this.bestMatch(requested);
    await this.load([target], this.options.ns);
    if (this.changingTo === requested) {
      this.changingTo = undefined;
      this.setLanguage(target);
      this.emit('languageChanged', target);
    }
    callback?.(null, this.t);
    return this.t;
  }

  /** Adds namespaces to the instance and loads them for the current language. */
  async loadNamespaces(namespaces: string | readonly string[], callback?: (error?: unknown) => void): Promise<void> {
    for (const namespace of list(namespaces)) if (!this.options.ns.includes(namespace)) this.options.ns.push(namespace);
    await this.load([this.language], list(namespaces));
    callback?.();
  }

  async loadLanguages(lngs: string | readonly string[], callback?: (error?: unknown) => void): Promise<void> {
    await this.load(list(lngs), this.options.ns);
    callback?.();
  }

  hasLoadedNamespace(namespace: string, options: { lng?: string } = {}): boolean {
    const lng = options.lng ?? this.resolvedLanguage ?? this.languages[0];
    return !this.backend || (lng !== undefined && this.hasResourceBundle(lng, namespace));
  }

  getFixedT(lng: string | null, ns?: string | readonly string[] | null): TFunction {
    const fixed: TFunction = (keys, options, more) => {
      const opt = toOptions(options, more);
      opt.lng = opt.lng || fixed.lng;
      opt.ns = opt.ns || fixed.ns;
      return this.translate(keys, opt);
    };
    if (lng) fixed.lng = lng;
    if (ns) fixed.ns = ns;
    return fixed;
  }

  exists(key: string | readonly string[], options: TOptions = {}): boolean {
    return key != null && this.resolve(list(key).map(String), { ...options }).res !== undefined;
  }

  dir(): 'ltr' {
    return 'ltr';
  }

  addResourceBundle(lng: string, ns: string, resources: Json, _deep = false, _overwrite = true, silent = false): this {
    if (!this.options.ns.includes(ns)) this.options.ns.push(ns);
    (this.data[lng] ??= {})[ns] = { ...this.data[lng]?.[ns], ...resources };
    if (this.language && !this.resolvedLanguage) this.setLanguage(this.language);
    if (!silent) this.emit('added', lng, ns, resources);
    return this;
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return hasOwn(this.data, lng) && hasOwn(this.data[lng], ns);
  }

  getResourceBundle(lng: string, ns?: string): Json | undefined {
    const namespace = ns ?? this.options.defaultNS[0] ?? 'translation';
    return this.hasResourceBundle(lng, namespace) ? this.data[lng]?.[namespace] : undefined;
  }

  on(events: string, listener: Listener): this {
    for (const event of events.split(' ')) {
      let set = this.listeners.get(event);
      if (!set) this.listeners.set(event, (set = new Set()));
      set.add(listener);
    }
    return this;
  }

  off(events: string, listener?: Listener): this {
    for (const event of events.split(' ')) {
      if (listener) this.listeners.get(event)?.delete(listener);
      else this.listeners.delete(event);
    }
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  createInstance(options?: InitOptions, callback?: (error: unknown, t: TFunction) => void): I18n {
    const instance = new I18n();
    if (options || callback) void instance.init(options, callback);
    return instance;
  }

  /** Loads what is missing through the backend; a failed namespace is logged and may be tried again later. */
  private load(lngs: string[], namespaces: readonly string[]): Promise<void> | undefined {
    const backend = this.backend;
    if (!backend) return undefined;
    const pending: Promise<void>[] = [];
    for (const lng of lngs) {
      if (!lng || lng === 'cimode') continue;
      for (const ns of namespaces) {
        if (this.hasResourceBundle(lng, ns)) continue;
        const id = `${lng}|${ns}`;
        let promise = this.loading.get(id);
        if (!promise) {
          promise = backend
            .read(lng, ns)
            .then(
              (resources) => {
                this.addResourceBundle(lng, ns, (resources ?? {}) as Json, false, true, true);
                this.emit('loaded', { [lng]: [ns] });
              },
              (error: unknown) => console.warn(`i18n: loading ${lng}/${ns} failed`, error),
            )
            .finally(() => this.loading.delete(id));
          this.loading.set(id, promise);
        }
        pending.push(promise);
      }
    }
    return Promise.all(pending).then(() => undefined);
  }

  private setLanguage(lng: string): void {
    this.language = lng;
    this.languages = this.hierarchy(lng);
    this.resolvedLanguage = this.languages.find((code) => Object.keys(this.data[code] ?? {}).length > 0);
  }

  private bestMatch(code: string): string {
    const supported = this.options.supportedLngs;
    if (!supported) return code;
    const formatted = formatCode(code);
    if (supported.includes(formatted)) return formatted;
    const part = languagePart(code);
    return supported.includes(part) ? part : (this.options.fallbackLng[0] ?? formatted);
  }

  /** i18next's toResolveHierarchy with load 'all': the code, its language part, then the fallback languages. */
  private hierarchy(code: string): string[] {
    const supported = this.options.supportedLngs;
    const codes: string[] = [];
    const add = (candidate: string) => {
      if (candidate && (!supported || supported.includes(candidate))) codes.push(candidate);
    };
    if (/[-_]/.test(code)) {
      add(formatCode(code));
      add(languagePart(code));
    } else if (code) add(formatCode(code));
    for (const fallback of this.options.fallbackLng) if (!codes.includes(formatCode(fallback))) add(formatCode(fallback));
    return codes;
  }

  private pluralSuffix(lng: string, count: unknown): string {
    let rule = this.plurals.get(lng);
    if (!rule) {
      try {
        rule = new Intl.PluralRules(lng.replace(/_/g, '-') === 'dev' ? 'en' : lng.replace(/_/g, '-'));
      } catch {
        rule = new Intl.PluralRules('en');
      }
      this.plurals.set(lng, rule);
    }
    return `_${rule.select(count as number)}`;
  }

  private extract(key: string, opt: TOptions): { key: string; namespaces: string[] } {
    let namespaces: string | readonly string[] = opt.ns || this.options.defaultNS;
    if (key.includes(':') && looksLikeObjectPath(key) && !nestingRegExp().test(key)) {
      const parts = key.split(':');
      namespaces = parts.shift() as string;
      key = parts.join('.');
    }
    return { key, namespaces: list(namespaces) };
  }

  private resource(lng: string, ns: string, key: string): unknown {
    const bundle = this.data[lng]?.[ns];
    const found = getPath(this.data, [lng, ns, ...(key ? key.split('.') : [])]);
    return found != null ? found : deepFind(hasOwn(this.data, lng) && hasOwn(this.data[lng], ns) ? bundle : undefined, key);
  }

  /** i18next's Translator.resolve: keys in order, then namespaces, then languages, then plural/context variants. */
  private resolve(keys: string[], opt: TOptions): Resolved {
    let found: unknown;
    let usedLng: string | undefined;
    const plural = opt.count !== undefined && typeof opt.count !== 'string';
    const zero = plural && opt.count === 0;
    const context = opt.context !== undefined && (typeof opt.context === 'string' || typeof opt.context === 'number') && opt.context !== '';
    for (const candidate of keys) {
      if (isValid(found)) break;
      const { key, namespaces } = this.extract(candidate, opt);
      const codes = this.hierarchy(opt.lng || this.language);
      for (const ns of namespaces) {
        let waiting = false;
        for (const code of codes) {
          if (isValid(found)) break;
          usedLng = code;
          // A fallback is fetched only for a real miss, not while the languages before it are still loading.
          if (!this.hasResourceBundle(code, ns)) {
            if (!waiting) this.loadLater(code, ns);
            waiting = true;
          }
          const finalKeys = [key];
          const suffix = plural ? this.pluralSuffix(code, opt.count) : '';
          if (plural) finalKeys.push(key + suffix);
          if (zero) finalKeys.push(`${key}_zero`);
          if (context) {
            const contextKey = `${key}_${opt.context}`;
            finalKeys.push(contextKey);
            if (plural) finalKeys.push(contextKey + suffix);
            if (zero) finalKeys.push(`${contextKey}_zero`);
          }
          if (plural && suffix !== '_other') {
            if (context) finalKeys.unshift(`${key}_${opt.context}_other`);
            finalKeys.unshift(`${key}_other`);
          }
          let possibleKey: string | undefined;
          while ((possibleKey = finalKeys.pop()) !== undefined) {
            if (!isValid(found)) found = this.resource(code, ns, possibleKey);
          }
        }
        if (isValid(found)) break;
      }
    }
    return { res: found, usedLng };
  }

  /** A namespace looked up before it was loaded (a fallback language, usually) is fetched once in the background. */
  private loadLater(lng: string, ns: string): void {
    const id = `${lng}|${ns}`;
    if (
      !this.backend ||
      this.attempted.has(id) ||
      !this.isInitialized ||
      (this.options.supportedLngs && !this.options.supportedLngs.includes(lng))
    )
      return;
    this.attempted.add(id);
    void this.load([lng], [ns]);
  }

  private translate(keysIn: string | readonly string[], opt: TOptions, lastKey?: string[]): string {
    if (keysIn == null) return '';
    const keys = list(keysIn).map(String);
    const { key } = this.extract(keys[keys.length - 1] ?? '', opt);
    const lng = opt.lng || this.language;
    const resolved = this.resolve(keys, opt);
    let res = resolved.res;
    const plural = opt.count !== undefined && typeof opt.count !== 'string';
    const suffix = plural ? this.pluralSuffix(lng, opt.count) : '';
    const hasDefault = Object.keys(opt).some((option) => option.startsWith('defaultValue') && opt[option] !== undefined);
    const defaultValue =
      (plural && opt.count === 0 && opt.defaultValue_zero) ||
      opt[`defaultValue${suffix}`] ||
      (opt.defaultValue ?? (plural ? opt.defaultValue_other : undefined));
    // Objects (a key that names a group of keys) are not returned: i18next without returnObjects answers the key.
    if (res !== undefined && typeof res !== 'string') res = undefined;
    let usedDefault = false;
    if (!isValid(res) && hasDefault && (defaultValue == null || typeof defaultValue !== 'object')) {
      usedDefault = true;
      res = defaultValue;
    }
    if (!isValid(res) && !(usedDefault && res === '')) res = key;
    return typeof res === 'string' ? this.extend(res, keys, opt, resolved, lastKey) : (res as string);
  }

  /** i18next's extendTranslation: interpolate, then nest unless a value brought in a new $t(...). */
  private extend(res: string, keys: string[], opt: TOptions, resolved: Resolved, lastKey?: string[]): string {
    const before = countNesting(res);
    const data = opt.replace && typeof opt.replace !== 'string' ? opt.replace : opt;
    res = this.interpolate(res, data, opt);
    if (before < countNesting(res)) opt.nest = false;
    if (!opt.lng && resolved.res) opt.lng = this.language || resolved.usedLng;
    if (opt.nest === false || !res.includes('$t(')) return res;
    const regExp = nestingRegExp();
    let out = '';
    let lastEnd = 0;
    let match: RegExpExecArray | null;
    while ((match = regExp.exec(res))) {
      let cloned: TOptions = { ...(opt.replace && typeof opt.replace !== 'string' ? opt.replace : opt) };
      cloned.applyPostProcessor = false;
      delete cloned.defaultValue;
      let inner = match[1] ?? '';
      const keyEnd = /{.*}/s.test(inner) ? inner.lastIndexOf('}') + 1 : inner.indexOf(',');
      if (keyEnd !== -1) inner = inner.slice(0, keyEnd); // "$t(key, format)": formatters are not supported
      let nestedKey = inner.trim();
      if (nestedKey.includes(',')) {
        const parts = nestedKey.split(/,[ ]*{/);
        let optionsString = this.interpolate(`{${parts[1]}`, cloned);
        nestedKey = parts[0] ?? '';
        const singles = optionsString.match(/'/g)?.length ?? 0;
        const doubles = optionsString.match(/"/g);
        if ((singles % 2 === 0 && !doubles) || (doubles?.length ?? 0) % 2 !== 0) optionsString = optionsString.replace(/'/g, '"');
        try {
          cloned = { ...cloned, ...(JSON.parse(optionsString) as TOptions) };
        } catch {
          nestedKey = `${nestedKey},${optionsString}`;
        }
      }
      const value = lastKey?.[0] === nestedKey && !opt.context ? null : this.translate(nestedKey, cloned, keys);
      out += res.slice(lastEnd, match.index) + toString(value);
      lastEnd = regExp.lastIndex;
    }
    return lastEnd ? out + res.slice(lastEnd) : res;
  }

  /** i18next's Interpolator.interpolate for "{{name}}", "{{- raw}}" and "{{a.b}}"; a value is never interpolated again. */
  private interpolate(text: string, data: TOptions, opt?: TOptions): string {
    if (!text.includes('{{')) return text;
    const escape = this.options.interpolation?.escapeValue !== false;
    return text.replace(/\{\{(.+?)\}\}/g, (match, inner: string) => {
      const raw = inner.startsWith('-');
      const name = (raw ? inner.slice(1) : inner).trim();
      const path = name.includes(',') ? (name.split(',')[0] ?? '').trim() : name; // "{{x, format}}": formatters are not supported
      let value = getPath(data, path.split('.'));
      if (value == null) value = deepFind(data, path) ?? value;
      if (value === undefined) return opt && hasOwn(opt, name) ? '' : match;
      const text = toString(value);
      return escape && !raw ? text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c) : text;
    });
  }
}

function toOptions(options: TOptions | string | undefined, more: TOptions | undefined): TOptions {
  if (typeof options === 'object' && options !== null) return { ...options };
  const opt: TOptions = typeof options === 'string' ? { defaultValue: options } : {};
  return typeof more === 'object' && more !== null ? { ...opt, ...more } : opt;
}

const i18next = new I18n();
export const createInstance = (options?: InitOptions, callback?: (error: unknown, t: TFunction) => void): I18n =>
  i18next.createInstance(options, callback);
export const t: TFunction = (...args) => i18next.t(...args);
export const changeLanguage = (lng?: string): Promise<TFunction> => i18next.changeLanguage(lng);
export type { I18n as i18n };
export default i18next;
