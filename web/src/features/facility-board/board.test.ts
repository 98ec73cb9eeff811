import { describe, expect, it } from 'vitest';
import { cardTitle, columnsOf, conditionWithSpaces, placeCards } from './board';

const flags = (reached: boolean, review: boolean, info: boolean, decision: boolean) => ({
  reached_out: reached,
  initial_discussion: review,
  info_needed: info,
  decision_made: decision,
});

describe('facility board', () => {
  it('should place a card in every column whose flag is set', () => {
    const a = { id: 'a', ...flags(true, false, false, false) };
    const b = { id: 'b', ...flags(false, true, true, false) };
    const placed = placeCards([a, b]);
    expect(placed.reachedOut.map((c) => c.id)).toEqual(['a']);
    expect(placed.underReview.map((c) => c.id)).toEqual(['b']);
    expect(placed.infoNeeded.map((c) => c.id)).toEqual(['b']);
    expect(placed.decisionMade).toEqual([]);
    expect(columnsOf(b)).toEqual(['underReview', 'infoNeeded']);
  });

  it('should show the first six words of the trial name and an ellipsis', () => {
    expect(cardTitle('A Phase 2 Study of Osimertinib After Chemoradiation')).toBe(
      'A Phase 2 Study of Osimertinib…',
    );
    expect(cardTitle('  Short   trial name ')).toBe('Short trial name');
  });

  it('should show the condition with spaces', () => {
    expect(conditionWithSpaces('non_small_cell_lung')).toBe('non small cell lung');
  });
});
