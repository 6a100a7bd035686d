// @vitest-environment happy-dom
// The shared feature forms' own tests, run again here where `react-hook-form` is the stand-in (vitest.config.ts, as
// the widgets' build): the coin send form, the report dialog, the survey answer form, the event forms (guest join,
// messages, poll, invitation) and the guild chat forms (composer, message edit, role, invitations) behave the same on it.
import * as aliased from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import * as mini from './mini-react-hook-form';
import '../../../shared/src/features/coin-messages/coin-messages.test';
import '../../../shared/src/features/report/report.test';
import '../../../shared/src/features/report/member-report.test';
import '../../../shared/src/features/surveys/surveys.test';
import '../../../shared/src/features/events/event-forms.test';
import '../../../shared/src/features/guild-chat/composer.test';
import '../../../shared/src/features/guild-chat/guild-message.test';
import '../../../shared/src/features/guild-chat/guild-members.test';
import '../../../shared/src/features/guild-chat/chat-panel.test';

describe('the shared forms in the widgets', () => {
  it('get the stand-in for react-hook-form', () => {
    expect(aliased.useForm).toBe(mini.useForm);
  });
});
