/** From the rules' card ids to what is printed on the card (`CardLook`), and the Lines as printed. */
import { LINE_BY_ID, POWER_NAMES, expValue, parseCard, type CardId, type LineId } from '../data';
import type { CardLook, LineLook } from './CardFace';

/** A Line as printed on its card. */
export function lineLook(id: LineId): LineLook {
  const l = LINE_BY_ID[id];
  return { route: l.id, colour: l.colour, from: l.from, to: l.to };
}

/** What is printed on a card; an unknown or hidden id is drawn face down. */
export function cardLook(id: CardId | null | undefined): CardLook {
  const c = parseCard(id);
  if (!c) return { kind: 'back' };
  switch (c.kind) {
    case 'evader':
      return { kind: 'evader', line: lineLook(c.line) };
    case 'authorised':
      return { kind: 'authorised', line: lineLook(c.line) };
    case 'undercover':
      return { kind: 'undercover' };
    case 'power':
      return { kind: 'power', power: c.power, name: POWER_NAMES[c.power] };
  }
}

/** An Exp card face up (its value) or face down (no id). */
export function expLook(id: string | null | undefined): CardLook {
  if (!id) return { kind: 'exp-back' };
  try {
    return { kind: 'exp', value: expValue(id) };
  } catch {
    return { kind: 'exp-back' };
  }
}
