import { csvDocument } from '@kiwi/shared/domain/csv';
import type { Response } from 'express';
import iconv from 'iconv-lite';
import type { WalkingEventRow } from '../../db/schema/walking-events';
import type { translatorFor } from '../../http/i18n';
import type { Standings } from './rankings';

type Translate = ReturnType<typeof translatorFor>;

/** The team ranking as CSV rows: rank, team, members, total steps, score (as the page shows them). */
export function teamRankingRows(standings: Standings, t: Translate): unknown[][] {
  return [
    ['ranking.rank', 'ranking.team', 'ranking.members', 'ranking.totalSteps', 'ranking.score'].map((key) => t(`walking:${key}`)),
    ...standings.teams.map((team) => [team.rank, team.teamName, team.memberCount, team.totalSteps, Math.round(team.score * 10) / 10]),
  ];
}

/** The personal ranking as CSV rows (the rows the caller may see). */
export function personalRankingRows(people: Standings['people'], teamNames: Map<number, string>, t: Translate): unknown[][] {
  return [
    ['ranking.rank', 'ranking.name', 'ranking.team', 'ranking.totalSteps', 'ranking.dailyAverage'].map((key) => t(`walking:${key}`)),
    ...people.map((person) => [person.rank, person.name, teamNames.get(person.teamId) ?? '', person.totalSteps, person.dailyAverage]),
  ];
}

/** Sends the rows as a CSV download: UTF-8 with a BOM, or Shift_JIS on request (no BOM there). */
export function sendCsv(res: Response, event: WalkingEventRow, kind: string, rows: unknown[][], encoding: 'utf-8' | 'shift_jis'): void {
  const text = csvDocument(rows);
  const fileName = `walking-event-${event.id}-${kind}.csv`;
  if (encoding === 'shift_jis') {
    // attachment() sets the type from the file name (UTF-8): the Shift_JIS type goes after it.
    res
      .attachment(fileName)
      .set('Content-Type', 'text/csv; charset=shift_jis')
      .send(iconv.encode(text.replace(/^\uFEFF/, ''), 'Shift_JIS'));
    return;
  }
  res.attachment(fileName).set('Content-Type', 'text/csv; charset=utf-8').send(text);
}
