import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@kiwi/shared/ui/toast';
import { useSession } from '../../session/session-provider';
import { FormDialog } from './form-dialog';
import { fromLocalInput, toLocalInput } from '@kiwi/shared/i18n/format';
import { DATETIME_INPUT_RANGE, type Group, groupTree, type Member, splitList, toggled } from './member-types';
import { useFormSubmit } from './use-form-submit';

type Props = { organizationId: string; member: Member | null; groups: Group[]; onClose: () => void; onSaved: () => void };

/** Invite (member = null) or edit a member: role, period, affiliations, occupations, groups. */
export function MemberFormDialog({ organizationId, member, groups, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation('organization');
  const { api } = useSession();
  const { showToast } = useToast();
  const fieldId = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [language, setLanguage] = useState(i18n.language.startsWith('en') ? 'en' : 'ja');
  const [role, setRole] = useState<Member['role']>(member?.role ?? 'member');
  const [activeFrom, setActiveFrom] = useState(toLocalInput(member?.activeFrom));
  const [activeTo, setActiveTo] = useState(toLocalInput(member?.activeTo));
  const [belongings, setBelongings] = useState((member?.belongings ?? []).join(', '));
  const [occupations, setOccupations] = useState((member?.occupations ?? []).join(', '));
  const [groupIds, setGroupIds] = useState<Set<string>>(new Set(member?.groups.map((group) => group.id) ?? []));
  const { submitting, errors, failure, submit } = useFormSubmit();

  const save = submit(async () => {
    const common = {
      role,
      active_from: fromLocalInput(activeFrom),
      active_to: fromLocalInput(activeTo),
      belongings: splitList(belongings),
      occupations: splitList(occupations),
      group_ids: [...groupIds].map(Number),
    };
    if (member) {
      await api.put(`/organizations/${organizationId}/members/${member.id}`, { organization_member: common });
      showToast(t('common.saved'), 'success');
    } else {
      await api.post(`/organizations/${organizationId}/members`, {
        organization_member: { ...common, email, ...(name.trim() ? { name } : {}), language },
      });
      showToast(t('members.form.invited', { email: email.trim() }), 'success');
    }
    onSaved();
    onClose();
  });

  const field = (key: string, label: string, input: React.ReactNode) => (
    <div className="field">
      <label htmlFor={`${fieldId}-${key}`}>{label}</label>
      {input}
      {errors[key] && (
        <p className="field__error" id={`${fieldId}-${key}-error`}>
          {errors[key]}
        </p>
      )}
    </div>
  );
  const inputProps = (key: string) => ({
    id: `${fieldId}-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${fieldId}-${key}-error` : undefined,
  });

  return (
    <FormDialog
      title={member ? t('members.form.editTitle', { name: member.name || member.email }) : t('members.form.inviteTitle')}
      submitting={submitting}
      failure={failure}
      onSubmit={save}
      onClose={onClose}
      submitLabel={member ? t('common.save') : t('members.form.submitInvite')}
    >
      {!member && (
        <div className="org-form__row">
          {field(
            'email',
            t('members.form.email'),
            <input
              {...inputProps('email')}
              type="email"
              required
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />,
          )}
          {field(
            'name',
            t('members.form.name'),
            <input {...inputProps('name')} value={name} onChange={(event) => setName(event.target.value)} />,
          )}
        </div>
      )}
      <div className="org-form__row">
        {field(
          'role',
          t('members.form.role'),
          <select {...inputProps('role')} value={role} onChange={(event) => setRole(event.target.value as Member['role'])}>
            <option value="member">{t('members.role.member')}</option>
            <option value="manager">{t('members.role.manager')}</option>
          </select>,
        )}
        {!member &&
          field(
            'language',
            t('members.form.language'),
            <select {...inputProps('language')} value={language} onChange={(event) => setLanguage(event.target.value)}>
              <option value="ja">日本語</option>
              <option value="en">English</option>
            </select>,
          )}
      </div>
      <div className="org-form__row">
        {field(
          'active_from',
          t('members.form.activeFrom'),
          <input
            {...inputProps('active_from')}
            type="datetime-local"
            {...DATETIME_INPUT_RANGE}
            value={activeFrom}
            onChange={(event) => setActiveFrom(event.target.value)}
          />,
        )}
        {field(
          'active_to',
          t('members.form.activeTo'),
          <input
            {...inputProps('active_to')}
            type="datetime-local"
            {...DATETIME_INPUT_RANGE}
            value={activeTo}
            onChange={(event) => setActiveTo(event.target.value)}
          />,
        )}
      </div>
      <div className="org-form__row">
        {field(
          'belongings',
          t('members.form.belongings'),
          <input {...inputProps('belongings')} value={belongings} onChange={(event) => setBelongings(event.target.value)} />,
        )}
        {field(
          'occupations',
          t('members.form.occupations'),
          <input {...inputProps('occupations')} value={occupations} onChange={(event) => setOccupations(event.target.value)} />,
        )}
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
          {errors.group_ids && <p className="field__error">{errors.group_ids}</p>}
        </fieldset>
      )}
    </FormDialog>
  );
}
