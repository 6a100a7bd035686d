import { createKiwiSlackApp } from '@kiwi/slack-app/bolt-app';
import type { RequestHandler } from 'express';
import type { ModuleDependencies } from '../deps';
import { kiwiCoinsPort } from '../coins/slack-port';
import { secretBox } from './crypto';
import { slackCommandsPort, slackWorkspacesPort } from './ports';

/**
 * The Bolt app at /slack/* (slash command, buttons, modals). Mounted in app.ts before any body parser: the receiver
 * needs the raw body to check Slack's signature. Request URL for the Slack app: {PUBLIC_URL}/slack/events.
 */
export function slackReceiver({ db, config }: Pick<ModuleDependencies, 'db' | 'config'>): RequestHandler {
  const { requestHandler } = createKiwiSlackApp({
    workspaces: slackWorkspacesPort(db.db, secretBox(config)),
    coins: kiwiCoinsPort(db),
    commands: slackCommandsPort(db.db),
    apiUrl: config.slack.apiUrl,
  });
  return (req, res) => requestHandler(req, res);
}
