/**
 * Decisions the game waits for (`G.pending`): the pushed tram's owner picks
 * a branch, the player to the right places new passengers, the bell ringer
 * keeps a drawn passenger and says how to pay for the group. Everyone else
 * sees who the game is waiting for.
 */
import React from 'react';
import { BellIcon } from './Icons';
import type { GState, PlayerID } from '../types';
import { bellGroup, legalBellChoices, legalPlacements, legalPushBranches } from '../legal';
import { fitting } from '../selectors';
import { total } from '../counts';
import { network } from '../network';
import { BRANCH_COLORS, describeCounts, groupPaymentChoices, nodeName, playerLabel, staying } from './logic';
import { PaymentPicker } from './PaymentPicker';
import type { Color } from '../data/types';
import type { Actions } from './actions';
import { Dots } from './Dots';
import { emptySeatText, waitingText } from '../../common/board-props';

/** What the player the game waits for is deciding (after a one-passenger bell there is nothing to keep, only the payment). */
function what(p: NonNullable<GState['pending']>): string {
  if (p.kind === 'pushBranch') return 'choose which way their pushed tram goes';
  if (p.kind === 'placePassengers') return 'place new passengers on an empty tram stop';
  return p.drawn.length === 1 ? 'choose how to pay for the group' : 'choose which passenger to keep and how to pay';
}

/** The prompt for a pending decision. */
export function Decision({
  G,
  me,
  names,
  act,
  empty,
  replay,
}: {
  G: GState;
  me: PlayerID | null;
  names: Record<PlayerID, string>;
  act: Actions;
  /** Seats nobody holds (their player left the running match). */
  empty?: ReadonlySet<PlayerID>;
  /** A replay's step: nobody is waited for. */
  replay?: boolean;
}) {
  const p = G.pending!;
  if (p.player !== me) {
    return (
      <section className="actions decision" data-testid="actions">
        <p className="waiting" data-testid="waiting">
          {empty?.has(p.player)
            ? emptySeatText(p.player)
            : waitingText(playerLabel(G, p.player, names), what(p), replay)}
        </p>
      </section>
    );
  }
  if (p.kind === 'pushBranch') {
    // Named places passed on the way (junctions have no name worth showing).
    const via = (path: string[]) =>
      path
        .slice(0, -1)
        .filter((n) => network(G.side).node[n]?.kind !== 'junction')
        .map((n) => nodeName(G.side, n))
        .join(', ');
    const options = legalPushBranches(G, me);
    return (
      <section className="actions decision mine" data-testid="decision">
        <h4>
          <BellIcon size={18} /> {playerLabel(G, p.move.mover, names)} is pushing your tram!
        </h4>
        <p>
          It is pushed from {nodeName(G.side, p.from)} and the rails fork. Choose where it goes, here or by its path on
          the map:
        </p>
        <div className="buttons column">
          {options.map((path, i) => (
            <button
              type="button"
              key={i}
              className="primary"
              onClick={() => act.branch(path)}
              data-testid={`branch-${i}`}
            >
              <b className="branch-no">{i + 1}</b>{' '}
              <span className="swatch" style={{ background: BRANCH_COLORS[i % BRANCH_COLORS.length] }} /> To{' '}
              {nodeName(G.side, path[path.length - 1])}
              {via(path) && <span className="muted"> via {via(path)}</span>}
            </button>
          ))}
        </div>
      </section>
    );
  }
  if (p.kind === 'placePassengers') {
    const options = legalPlacements(G, me);
    return (
      <section className="actions decision mine" data-testid="decision">
        <h4>Place new passengers</h4>
        <p>
          A Monument card was claimed. Put these passengers on one empty tram stop: <Dots c={p.passengers} />
        </p>
        <p className="hint">Choose a highlighted stop on the map, or one here:</p>
        <div className="buttons wrap">
          {options.map((s) => (
            <button type="button" key={s} onClick={() => act.place(s)} data-testid={`place-btn-${s}`}>
              {nodeName(G.side, s)}
            </button>
          ))}
        </div>
      </section>
    );
  }
  return <BellDecision G={G} me={me} act={act} />;
}

/**
 * After the bell: keep a drawn passenger (one of three with the draw-3 bonus,
 * or the one drawn) and say which tickets pay for the enlarged group.
 */
function BellDecision({ G, me, act }: { G: GState; me: PlayerID; act: Actions }) {
  const p = G.pending!;
  // The payment chosen for each colour kept; null is the cheapest.
  const [payKeys, setPayKeys] = React.useState<Partial<Record<Color, string | null>>>({});
  if (p.kind !== 'bellChoice') return null;
  const choices = legalBellChoices(G, me);
  const hand = G.players[me].hand ?? {};
  const one = p.drawn.length === 1;
  return (
    <section className="actions decision mine" data-testid="decision">
      <h4>
        <BellIcon size={18} /> {one ? 'Pay for the group' : 'Keep one passenger'}
      </h4>
      <p>
        You drew <Dots c={Object.fromEntries(choices.map((c) => [c, p.drawn.filter((d) => d === c).length]))} /> from
        the bag.{' '}
        {one
          ? `It joins the group at ${nodeName(G.side, p.stop)}. Choose which tickets pay for the whole group.`
          : `Keep one: it joins the group at ${nodeName(G.side, p.stop)}; the others go back to the bag.`}
      </p>
      <div className="buttons column">
        {choices.map((c) => {
          const group = bellGroup(G, c);
          const ways = groupPaymentChoices(hand, group);
          const picked = ways.find((w) => w.key === payKeys[c]) ?? ways[0];
          const stays = staying(group, fitting(G, me, group));
          return (
            <div key={c} className="keep-choice">
              <button
                type="button"
                onClick={() => act.keep(c, picked && picked !== ways[0] ? picked.payment : null)}
                data-testid={`keep-${c}`}
                className={picked ? 'primary' : ''}
              >
                {one ? 'Pick up' : `Keep ${c}`} —{' '}
                {picked
                  ? `pay ${describeCounts(picked.payment)}${total(stays) ? `; ${describeCounts(stays)} ${total(stays) === 1 ? 'stays' : 'stay'} (no seat)` : ''}`
                  : 'you cannot pay: nothing is picked up'}
              </button>
              {ways.length > 1 && (
                <PaymentPicker
                  choices={ways}
                  value={payKeys[c] ?? null}
                  onChange={(k) => setPayKeys({ ...payKeys, [c]: k })}
                  testId={`bell-pay-${c}`}
                />
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
