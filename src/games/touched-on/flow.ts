/**
 * Turn starts and ends, Exp, finishes, journeys and the end of the game
 * (RULINGS §9, §10).
 */
import { TURN_CAP, expValue } from './data';
import type { ExpId, GameOver, PlayerID, TOState } from './types';
import type { Ctx } from 'boardgame.io';
import { takesTurns, turnOver } from './legal';
import { dealJourney, freshTurn, leftOf, type RandomLike } from './setup';
import { ownLine, ownList, ownPlayer, pushLog } from './fork';

/** Exp cards not yet collected (pile and under Lines). */
export function expLeft(G: TOState): number {
  let n = G.expPileCount;
  for (const l of G.lineOrder) if (G.lines[l].hasExp) n++;
  return n;
}

/**
 * A player takes an Exp card; the game ends the moment none is left (RULINGS
 * §10, §12.32). The end is logged by `afterMove`, after what the move itself
 * logs (the finish or unlock that took the last card).
 */
export function takeExp(G: TOState, p: PlayerID, e: ExpId): void {
  const pl = ownPlayer(G, p);
  pl.exp!.push(e);
  pl.expCount = pl.exp!.length;
  pl.lastExpAt = ++G.expTakings;
  if (!G.gameOver && expLeft(G) === 0) G.gameOver = gameResult(G);
}

/** Award `n` Exp: from the top of the pile, then from under the Lines, lowest position first (RULINGS §9). */
export function awardExp(G: TOState, p: PlayerID, n: number): number {
  let got = 0;
  for (let i = 0; i < n && !G.gameOver; i++) {
    let e: ExpId | undefined;
    if (G.expPile.length > 0) {
      e = ownList(G, 'expPile').shift()!;
      G.expPileCount = G.expPile.length;
    } else {
      const line = G.lineOrder.find((l) => G.lines[l].hasExp && G.lines[l].exp);
      if (!line) break;
      const L = ownLine(G, line);
      e = L.exp!;
      L.exp = null;
      L.hasExp = false;
    }
    got += expValue(e);
    takeExp(G, p, e);
  }
  return got;
}

/** The final result: highest Exp total; ties broken by removing each tied player's highest card, repeatedly (RULINGS §10). */
export function gameResult(G: TOState): GameOver {
  const scores: GameOver['scores'] = {};
  const values: Record<PlayerID, number[]> = {};
  for (const p of Object.keys(G.players)) {
    const exp = [...(G.players[p].exp ?? [])];
    values[p] = exp.map(expValue).sort((a, b) => b - a);
    scores[p] = { total: values[p].reduce((a, b) => a + b, 0), cards: exp.length, exp };
  }
  const best = Math.max(...Object.values(scores).map((s) => s.total));
  let tied = Object.keys(scores).filter((p) => scores[p].total === best);
  if (tied.length === 1) return { winner: tied[0], scores };
  const allTied = [...tied];
  const left: Record<PlayerID, number[]> = {};
  for (const p of tied) left[p] = [...values[p]];
  let rounds = 0;
  while (tied.length > 1 && tied.every((p) => left[p].length > 0)) {
    rounds++;
    for (const p of tied) left[p].shift();
    const sums = tied.map((p) => left[p].reduce((a, b) => a + b, 0));
    const top = Math.max(...sums);
    tied = tied.filter((_, i) => sums[i] === top);
  }
  if (tied.length === 1) return { winner: tied[0], scores, tieBreak: { tied: allTied, by: 'removal', rounds } };
  // Still tied when the cards run out: the most recent Exp taker wins.
  const winner = tied.reduce((a, b) => (G.players[b].lastExpAt > G.players[a].lastExpAt ? b : a));
  return { winner, scores, tieBreak: { tied: allTied, by: 'mostRecent', rounds } };
}

/** A finish confirmed: the player leaves the journey and takes 2 Exp (1st) or 1 (2nd). */
function confirmFinish(G: TOState, p: PlayerID): void {
  const pl = ownPlayer(G, p);
  pl.ding = false;
  pl.out = true;
  ownList(G, 'finishers').push(p);
  const place = G.finishers.length;
  // Their Peak Hours are used up (RULINGS §7.4).
  for (const ph of G.peakHours.filter((x) => x.owner === p)) ownList(G, 'usedPowers').push(ph.card);
  G.peakHours = G.peakHours.filter((x) => x.owner !== p);
  const before = G.players[p].expCount;
  awardExp(G, p, place === 1 ? 2 : 1);
  // The number of Exp cards taken, never their value (hidden from the others until the game ends).
  pushLog(G, { type: 'finish', player: p, place, exp: G.players[p].expCount - before });
}

/** Places awarded in a journey: 2 players, 1st only; 3–4 players, 1st and 2nd (RULINGS §10, §12.14). */
export function placesPerJourney(G: TOState): number {
  return G.numPlayers === 2 ? 1 : 2;
}

/** Every player in turn order starting after `from` and ending with `from` (stall tie-breaks). */
function turnOrderAfter(G: TOState, from: PlayerID): PlayerID[] {
  const out: PlayerID[] = [];
  let p = from;
  for (let i = 0; i < G.numPlayers - 1; i++) {
    p = leftOf(G, p);
    out.push(p);
  }
  out.push(from);
  return out;
}

/** At the start of a turn (boardgame.io's `ctxTurn`): a fresh turn record; the player's own Peak Hours are used up. */
export function beginTurn(G: TOState, player: PlayerID, ctxTurn: number): void {
  if (G.gameOver) return;
  G.turn = freshTurn(G.turn.number + 1, player, ctxTurn);
  G.startPlayer = null;
  for (const ph of G.peakHours.filter((x) => x.owner === player)) ownList(G, 'usedPowers').push(ph.card);
  G.peakHours = G.peakHours.filter((x) => x.owner !== player);
}

/** At the end of a turn: exposure record, line reset, DING, confirmations, journey end, stall. */
export function finishTurn(G: TOState, random: RandomLike, player: PlayerID): void {
  if (G.gameOver) return;
  const t = G.turn;
  G.lastTurn = { player, addedTo: t.addedTo };
  if (t.addedTo === null && !G.sinceAdd.includes(player)) ownList(G, 'sinceAdd').push(player);
  G.passes = t.played === 0 && !t.drew && !t.putOut ? G.passes + 1 : 0;
  if (G.players[player].handSize === 0 && !G.players[player].out && !G.players[player].ding) {
    ownPlayer(G, player).ding = true;
    ownList(G, 'dings').push({ player, chanceTurn: t.number + 1, seq: ++G.dingSeq });
    pushLog(G, { type: 'ding', player });
  }
  // Confirm every DING whose chance ends with this turn, earlier DINGs first (RULINGS §9, §12.30).
  const due = G.dings.filter((d) => d.chanceTurn <= t.number).sort((a, b) => a.seq - b.seq);
  for (const d of due) {
    G.dings = G.dings.filter((x) => x !== d && x.player !== d.player);
    if (G.players[d.player].handSize > 0) {
      ownPlayer(G, d.player).ding = false;
      continue;
    }
    if (G.finishers.length < placesPerJourney(G)) confirmFinish(G, d.player);
    if (G.gameOver) return;
  }
  if (G.finishers.length >= placesPerJourney(G)) {
    pushLog(G, { type: 'journeyEnd', journey: G.journey, reason: 'finishes' });
    dealJourney(G, random, leftOf(G, G.dealer));
    return;
  }
  const active = Object.keys(G.players).filter((p) => takesTurns(G, p)).length;
  if (t.number >= TURN_CAP || (active > 0 && G.passes >= active)) {
    // Stall: unfilled places go by fewest cards in hand; ties to the next in turn order (RULINGS §10).
    const order = turnOrderAfter(G, player).filter((p) => !G.players[p].out);
    const ranked = [...order].sort((a, b) => G.players[a].handSize - G.players[b].handSize);
    while (G.finishers.length < placesPerJourney(G) && ranked.length > 0 && !G.gameOver) {
      confirmFinish(G, ranked.shift()!);
    }
    if (G.gameOver) return;
    pushLog(G, { type: 'journeyEnd', journey: G.journey, reason: 'stall' });
    dealJourney(G, random, leftOf(G, G.dealer));
  }
}

/**
 * After a move (in the same state): when it ended the turn (`turnOver`),
 * finish the turn and begin the next player's. The turn ends inside the move
 * rather than in boardgame.io's turn hooks, each of which would copy the
 * state once more; the turn's `endIf` sees the next turn begun (index.ts).
 */
export function afterMove(G: TOState, random: RandomLike, ctx: Pick<Ctx, 'currentPlayer' | 'turn'>): void {
  if (!G.gameOver && turnOver(G, ctx)) {
    const current = ctx.currentPlayer;
    finishTurn(G, random, current);
    beginTurn(G, nextPlayer(G, current), ctx.turn + 1);
  }
  if (G.gameOver && G.log[G.log.length - 1]?.type !== 'gameEnd') pushLog(G, { type: 'gameEnd' });
}

/** The seat to play next: the start player of a fresh journey, else the next seat still taking turns. */
export function nextPlayer(G: TOState, current: PlayerID): PlayerID {
  if (G.startPlayer !== null) return G.startPlayer;
  let p = current;
  for (let i = 0; i < G.numPlayers; i++) {
    p = leftOf(G, p);
    if (takesTurns(G, p)) return p;
  }
  return leftOf(G, current);
}
