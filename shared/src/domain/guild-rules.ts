// Guild limits, zod-free: the guild components (and so the widgets) read them without pulling in zod; schemas/guild.ts
// builds its zod schemas from them and re-exports them for the server.

/** Kiwi's own limits for guilds (the spec gives none but "5 most-used tags"); lengths are graphemes. */
export const GUILD_LIMITS = {
  nameMax: 50,
  descriptionMax: 2000,
  tagMax: 20,
  tagsMax: 10,
  roleMax: 30,
  messageMax: 1000,
  imagesPerMessage: 4,
  mostUsedTags: 5,
} as const;
export const GUILD_PUBLIC_RANGES = ['public', 'private'] as const;
export const GUILD_PARTICIPATION_TYPES = ['age', 'belonging', 'occupation'] as const;
