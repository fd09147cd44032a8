/**
 * The 22 Monument cards, designed for this edition (RULINGS "Monument
 * cards"): 2 per monument, 2–5 passengers in 1–3 colours, 1–5 VP. Each edge
 * has 4 fixed positions (top to bottom), and a card carries 0–4 ticket halves
 * in all, on its two edges; two neighbouring cards complete a ticket wherever
 * the left card's right edge and the right card's left edge show the same
 * colour. Among cards that need the same number of passengers, more halves
 * never means more VP. Carmo is worth 3 VP and Castelo 2 VP, as published.
 *
 * Adding a card: append a row with a unique id, keep 2 cards per monument
 * (the game deals 22), and run `npm test` (test/game/data.test.ts).
 */
import type { Color, Edge, MonumentCard, MonumentId } from './types';

const r: Color = 'red';
const y: Color = 'yellow';
const g: Color = 'green';
const b: Color = 'blue';
const _ = null;

function card(id: string, monument: MonumentId, vp: number, need: MonumentCard['need'], left: Edge, right: Edge): MonumentCard {
  return { id, monument, vp, need, left, right };
}

/** Every Monument card, in no particular order (the game shuffles them). */
export const CARDS: readonly MonumentCard[] = [
  card('torre-belem-1', 'torre-belem', 3, { blue: 2, yellow: 1 }, [_, r, _, _], [_, _, g, _]),
  card('torre-belem-2', 'torre-belem', 4, { blue: 2, green: 2, yellow: 1 }, [y, _, b, _], [_, r, _, y]),
  card('padrao-1', 'padrao', 1, { yellow: 2 }, [g, _, _, b], [r, _, y, _]),
  card('padrao-2', 'padrao', 4, { yellow: 2, red: 1, blue: 1 }, [_, g, _, _], [_, _, _, b]),
  card('jeronimos-1', 'jeronimos', 2, { green: 2, red: 1 }, [b, r, _, _], [_, g, y, _]),
  card('jeronimos-2', 'jeronimos', 5, { red: 2, yellow: 2, green: 1 }, [_, _, _, _], [_, y, _, _]),
  card('ajuda-1', 'ajuda', 2, { green: 2 }, [_, _, y, _], [b, _, _, _]),
  card('ajuda-2', 'ajuda', 2, { green: 3, blue: 1 }, [r, _, _, g], [g, _, b, _]),
  card('estrela-1', 'estrela', 1, { red: 1, blue: 1 }, [y, g, _, _], [_, b, _, y]),
  card('estrela-2', 'estrela', 5, { blue: 3, red: 1, yellow: 1 }, [_, _, g, _], [r, _, _, _]),
  card('chiado-1', 'chiado', 3, { red: 2, yellow: 1 }, [g, _, _, _], [_, r, _, b]),
  card('chiado-2', 'chiado', 2, { yellow: 1, green: 1, blue: 1 }, [b, _, y, _], [y, g, _, _]),
  card('carmo-1', 'carmo', 3, { red: 2, blue: 1 }, [_, _, b, _], [_, y, _, _]),
  card('carmo-2', 'carmo', 3, { red: 1, green: 2 }, [y, _, _, g], [_, b, r, _]),
  card('castelo-1', 'castelo', 2, { yellow: 2, blue: 2 }, [r, _, _, b], [y, _, g, _]),
  card('castelo-2', 'castelo', 2, { blue: 2 }, [_, _, _, _], [_, _, r, _]),
  card('se-1', 'se', 3, { red: 2, green: 2 }, [_, b, _, y], [_, _, r, _]),
  card('se-2', 'se', 2, { yellow: 1, blue: 1 }, [r, _, _, _], [_, g, _, y]),
  card('praca-comercio-1', 'praca-comercio', 4, { red: 3, green: 1, blue: 1 }, [g, _, y, _], [_, b, _, r]),
  card('praca-comercio-2', 'praca-comercio', 3, { yellow: 2, red: 1 }, [_, y, _, r], [b, _, _, _]),
  card('panteao-1', 'panteao', 3, { green: 2, blue: 1 }, [_, _, _, r], [g, _, _, _]),
  card('panteao-2', 'panteao', 3, { yellow: 3, red: 1, green: 1 }, [b, r, _, _], [_, g, _, b]),
];

/** Cards by id. */
export const CARD_BY_ID: Readonly<Record<string, MonumentCard>> = Object.fromEntries(CARDS.map((c) => [c.id, c]));
