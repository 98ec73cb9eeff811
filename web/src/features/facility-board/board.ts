/** The board's columns (spec 01 §2, §4), each tied to one stage flag of the card. */
export const BOARD_COLUMNS = ['reachedOut', 'underReview', 'infoNeeded', 'decisionMade'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

export interface BoardFlags {
  reached_out: boolean;
  initial_discussion: boolean;
  info_needed: boolean;
  decision_made: boolean;
}

/** 'Under Review' is the spec's initial discussion stage. */
export const COLUMN_FLAG: Record<BoardColumn, keyof BoardFlags> = {
  reachedOut: 'reached_out',
  underReview: 'initial_discussion',
  infoNeeded: 'info_needed',
  decisionMade: 'decision_made',
};

/** The columns a card shows in: one per set flag; a card may be in several (spec 01 §4). */
export function columnsOf(card: BoardFlags): BoardColumn[] {
  return BOARD_COLUMNS.filter((column) => card[COLUMN_FLAG[column]]);
}

/** Cards per column, in the order given. */
export function placeCards<T extends BoardFlags>(cards: readonly T[]): Record<BoardColumn, T[]> {
  const placed: Record<BoardColumn, T[]> = {
    reachedOut: [],
    underReview: [],
    infoNeeded: [],
    decisionMade: [],
  };
  for (const card of cards) {
    for (const column of columnsOf(card)) {
      placed[column].push(card);
    }
  }
  return placed;
}

/** The first six words of a trial name followed by an ellipsis (spec 01 §2). */
export function cardTitle(trialName: string): string {
  const words = trialName.trim().split(/\s+/).filter(Boolean);
  return words.length > 6 ? `${words.slice(0, 6).join(' ')}…` : words.join(' ');
}

/** The condition with underscores shown as spaces. */
export function conditionWithSpaces(condition: string): string {
  return condition.replace(/_/g, ' ');
}
