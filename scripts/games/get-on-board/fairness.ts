/**
 * Get on Board's map fairness, measured (issue: each departure's mean score
 * within 15% of its map's mean): seeded games of `greedy` players on the
 * rules' own moves, each player's departure ticket drawn at random from the
 * two dealt (so every departure is played about as often), then the mean
 * final score per departure (an eliminated player scores 0), its gap to the
 * map's mean, and the elimination rate.
 *
 *   ./node_modules/.bin/esbuild scripts/games/get-on-board/fairness.ts --bundle --platform=node \
 *     --format=cjs --outfile=/tmp/gob-fairness.cjs --define:process.env.NODE_ENV=\"production\"
 *   node /tmp/gob-fairness.cjs [games per player count, default 200]
 */
import { InitializeGame } from 'boardgame.io/internal';
import { GetOnBoard } from '../../../src/games/get-on-board';
import { getOnBoardBots as bots } from '../../../src/games/get-on-board/bots';
import { graphOf } from '../../../src/games/get-on-board/graph';
import { mapIdFor } from '../../../src/games/get-on-board/maps';
import type { GobState } from '../../../src/games/get-on-board/types';
import { Rng } from '../../../src/bots/rng';

interface Tally {
  games: number;
  total: number;
  eliminated: number;
}

const perCount = Number(process.argv[2] ?? 200);
const sim = bots.playout!;

function play(numPlayers: number, seed: number, tally: Map<number, Tally>): void {
  const state = InitializeGame({ game: { ...GetOnBoard, seed: `fairness-${numPlayers}-${seed}` }, numPlayers });
  const game = sim.start(state as never);
  const rng = new Rng(`fairness-${numPlayers}-${seed}`);
  for (let guard = 0; guard < 500; guard++) {
    const { G, ctx } = sim.current(game);
    if (G.result) break;
    const pid = bots.actingPlayer(G, ctx)!;
    const moves = bots.moves(G, ctx, pid);
    let pick: number;
    if (moves[0].move === 'chooseDeparture') pick = rng.int(moves.length);
    else {
      const scores = bots.scoreMoves(G, ctx, pid, moves);
      pick = scores.indexOf(Math.max(...scores));
    }
    if (!sim.apply(game, pid, moves[pick].move, moves[pick].args)) throw new Error('the rules refused a listed move');
  }
  const G = (sim.current(game) as { G: GobState }).G;
  if (!G.result) throw new Error(`game ${seed} did not end`);
  for (const p of G.order) {
    const t = tally.get(G.choices[p]!) ?? { games: 0, total: 0, eliminated: 0 };
    t.games++;
    t.total += G.result.scores[p].total;
    if (G.result.scores[p].eliminated) t.eliminated++;
    tally.set(G.choices[p]!, t);
  }
}

for (const counts of [
  [2, 3],
  [4, 5],
]) {
  const mapId = mapIdFor(counts[0]);
  const graph = graphOf(mapId);
  const tally = new Map<number, Tally>();
  const t0 = Date.now();
  for (const n of counts) for (let seed = 1; seed <= perCount; seed++) play(n, seed, tally);
  const all = [...tally.values()].reduce((a, t) => ({ games: a.games + t.games, total: a.total + t.total }), {
    games: 0,
    total: 0,
  });
  const mean = all.total / all.games;
  let worst = 0;
  console.log(
    `\n${graph.map.name} (${mapId}): ${perCount} greedy games each for ${counts.join(' and ')} players, ${((Date.now() - t0) / 1000).toFixed(1)} s; mean score ${mean.toFixed(1)}\n`,
  );
  console.log('| Departure | Name | Seats played | Mean score | vs map mean | Eliminated |');
  console.log('|---|---|---|---|---|---|');
  for (const [ticket, t] of [...tally.entries()].sort((a, b) => a[0] - b[0])) {
    const point = graph.points.get(graph.departures.get(ticket)!)!;
    const m = t.total / t.games;
    const gap = (m - mean) / mean;
    worst = Math.max(worst, Math.abs(gap));
    console.log(
      `| ${ticket} | ${point.name ?? point.id} | ${t.games} | ${m.toFixed(1)} | ${gap >= 0 ? '+' : ''}${(gap * 100).toFixed(1)}% | ${((100 * t.eliminated) / t.games).toFixed(1)}% |`,
    );
  }
  console.log(`\nLargest gap: ${(worst * 100).toFixed(1)}% (target: within 15%).`);
}
