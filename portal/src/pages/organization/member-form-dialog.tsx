import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@kiwi/shared/ui/toast';
import { useSession } from '../../session/session-provider';
import { FormDialog } from './form-dialog';
import { fromLocalInput, toLocalInput } from '@kiwi/shared/i18n/format';
import { DATETIME_INPUT_RANGE, type Group, groupTree, type Member, splitList, toggled } from './member-types';
import { CreateMemberSchema, UpdateMemberSchema } from '@kiwi/shared/schemas/member';
import { useSchemaForm } from '../use-schema-form';
import { DateField } from '@kiwi/shared/forms/date-field';
import { fieldErrorParts } from '../field-error-parts';

/** What is typed: dates as the picker gives them, affiliations and occupations as one comma-separated line each. */
type MemberFormValues = {
  email: string;
  name: string;
  language: string;
  role: Member['role'];
  active_from: string;
  active_to: string;
  belongings: string;
  occupations: string;
  group_ids?: never;
};
type MemberPayload = Record<string, unknown>;

type Props = { organizationId: string; member: Member | null; groups: Group[]; onClose: () => void; onSaved: () => void };

/** Invite (member = null) or edit a member: role, period, affiliations, occupations, groups. */
export function MemberFormDialog({ organizationId, member, groups, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation('organization');
  const { api } = useSession();
  const { showToast } = useToast();
  const fieldId = useId();
  const [groupIds, setGroupIds] = useState<Set<string>>(new Set(member?.groups.map((group) => group.id) ?? []));
  const { register, form, onSubmit, busy, failure, message } = useSchemaForm<MemberFormValues, MemberPayload>({
    schema: member ? UpdateMemberSchema.shape.organization_member : CreateMemberSchema.shape.organization_member,
    defaultValues: {
      email: '',
      name: '',
      language: i18n.language.startsWith('en') ? 'en' : 'ja',
      role: member?.role ?? 'member',
      active_from: toLocalInput(member?.activeFrom),
      active_to: toLocalInput(member?.activeTo),
      belongings: (member?.belongings ?? []).join(', '),
      occupations: (member?.occupations ?? []).join(', '),
    },
    toPayload: (values) => {
      const common = {
        role: values.role,
        active_from: fromLocalInput(values.active_from),
        active_to: fromLocalInput(values.active_to),
        belongings: splitList(values.belongings),
        occupations: splitList(values.occupations),
        group_ids: [...groupIds].map(Number),
      };
      if (member) return common;
      return { ...common, email: values.email, ...(values.name.trim() ? { name: values.name } : {}), language: values.language };
    },
    send: (organization_member) =>
      member
        ? api.put(`/organizations/${organizationId}/members/${member.id}`, { organization_member })
        : api.post(`/organizations/${organizationId}/members`, { organization_member }),
    onSaved: (_result, values) => {
      const email = 'email' in values ? String(values.email) : null;
      showToast(email ? t('members.form.invited', { email }) : t('common.saved'), 'success');
      onSaved();
      onClose();
    },
  });

  const { errorProps, fieldError } = fieldErrorParts<keyof MemberFormValues>(fieldId, message);
  const field = (key: keyof MemberFormValues, label: string, input: React.ReactNode) => (
    <div className="field">
      <label htmlFor={`${fieldId}-${key}`}>{label}</label>
      {input}
      {fieldError(key)}
    </div>
  );
  const inputProps = (key: keyof MemberFormValues) => ({ id: `${fieldId}-${key}`, ...errorProps(key), ...register(key) });
  const activeField = (key: 'active_from' | 'active_to', label: string) =>
    field(
      key,
      label,
      <DateField id={`${fieldId}-${key}`} {...errorProps(key)} kind="datetime-local" {...DATETIME_INPUT_RANGE} form={form} name={key} />,
    );

  return (
    <FormDialog
      title={member ? t('members.form.editTitle', { name: member.name || member.email }) : t('members.form.inviteTitle')}
      submitting={busy}
      failure={failure}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel={member ? t('common.save') : t('members.form.submitInvite')}
    >
      {!member && (
        <div className="org-form__row">
          {field('email', t('members.form.email'), <input {...inputProps('email')} type="email" required autoComplete="off" />)}
          {field('name', t('members.form.name'), <input {...inputProps('name')} />)}
        </div>
      )}
      <div className="org-form__row">
        {field(
          'role',
          t('members.form.role'),
          <select {...inputProps('role')}>
            <option value="member">{t('members.role.member')}</option>
            <option value="manager">{t('members.role.manager')}</option>
          </select>,
        )}
        {!member &&
          field(
            'language',
            t('members.form.language'),
            <select {...inputProps('language')}>
              <option value="ja">日本語</option>
              <option value="en">English</option>
            </select>,
          )}
      </div>
      <div className="org-form__row">
        {activeField('active_from', t('members.form.activeFrom'))}
        {activeField('active_to', t('members.form.activeTo'))}
      </div>
      <div className="org-form__row">
        {field('belongings', t('members.form.belongings'), <input {...inputProps('belongings')} />)}
        {field('occupations', t('members.form.occupations'), <input {...inputProps('occupations')} />)}
      </div>
      {groups.length > 0 && (
        <fieldset className="org-checklist">
          <legend>{t('members.form.groups')}</legend>
          {groupTree(groups).map(({ group, depth }) => (
            <label key={group.id} style={{ paddingInlineStart: depth * 16 }}>
              <input
                type="checkbox"
                checked={groupIds.has(group.id)}
                onChange={(event) => setGroupIds(toggled(groupIds, group.id, event.target.checked))}
              />{' '}
              {group.name}
            </label>
          ))}
          {message('group_ids') && <p className="field__error">{message('group_ids')}</p>}
        </fieldset>
      )}
    </FormDialog>
  );
}
