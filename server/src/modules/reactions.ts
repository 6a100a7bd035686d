// The reaction summary of a chat message, the same for event chats and walking-event boards.

export type ReactionSummary = { emoji: string; count: number; reactedByMe: boolean; names: string[] };

/** One summary per emoji in the order it was first used, names in the order people reacted. */
export function summarizeReactions(reactions: { emoji: string; name: string; mine: boolean }[]): ReactionSummary[] {
  const byEmoji = new Map<string, ReactionSummary>();
  for (const { emoji, name, mine } of reactions) {
    const summary = byEmoji.get(emoji) ?? { emoji, count: 0, reactedByMe: false, names: [] };
    summary.count += 1;
    summary.reactedByMe ||= mine;
    summary.names.push(name);
    byEmoji.set(emoji, summary);
  }
  return [...byEmoji.values()];
}
