/**
 * The action panel: what the viewer can do now, built only from the
 * engine's legal-move functions. On the viewer's turn: move (with payment
 * picker and push warning), pick up, drop off, take bonus, end turn. For a
 * decision outside the turn: push branch, passenger placement, bell choice.
 */
import { TABLE_WAITING_TEXT, emptySeatText, waitingText } from '../../common/board-props';
import React from 'react';
import { BellIcon } from './Icons';
import type { Ctx } from 'boardgame.io';
import type { GState, NodeId, PlayerID } from '../types';
import { boardOf, type MoveOption } from '../legal';
import type { Actions } from './actions';
import {
  bonusBlocked,
  canEndTurn,
  legalBonus,
  legalDropOffs,
  legalPickUps,
  moveBlocked,
  pickUpBlocked,
} from '../legal';
import { actionsLeft, cones } from '../selectors';
import { network } from '../network';
import { CARD_BY_ID } from '../data/cards';
import { counts, single, total } from '../counts';
import {
  BONUS_LABEL,
  connectionGain,
  groupPaymentChoices,
  movePaymentChoices,
  nodeName,
  playerLabel,
  routeLabel,
  staying,
} from './logic';
import { PaymentPicker } from './PaymentPicker';
import { MonumentCard } from './MonumentCard';
import { Decision } from './Decision';
import { Dots } from './Dots';

export type { Actions } from './actions';

/** Selection state shared by the panel and the map. */
export interface UiState {
  mode: 'action' | 'free';
  selected: NodeId | null;
  hovered: NodeId | null;
  payKey: string | null;
  pickPayKey: string | null;
  bonusPayKey: string | null;
  /** Which of the routes to the selected place (see `destinationMap`). */
  routeIndex: number;
}

/** Nothing chosen on the board: its starting selection. */
export const EMPTY_UI: UiState = {
  mode: 'action',
  selected: null,
  hovered: null,
  payKey: null,
  pickPayKey: null,
  bonusPayKey: null,
  routeIndex: 0,
};

interface Props {
  G: GState;
  ctx: Ctx;
  me: PlayerID | null;
  names: Record<PlayerID, string>;
  ui: UiState;
  setUi: (patch: Partial<UiState>) => void;
  act: Actions;
  moveOptions: Record<NodeId, MoveOption[]>;
  freeAvailable: boolean;
  /** An online match still waiting for its table: nobody's turn has begun. */
  tableWaiting?: boolean;
  /** Seats of a running online match nobody holds (their player left): the game waits for them to be taken. */
  empty?: ReadonlySet<PlayerID>;
  /** A replay's step: nobody is waited for. */
  replay?: boolean;
}

function MoveSection({ G, ctx, me, names, ui, setUi, act, moveOptions, freeAvailable }: Props & { me: PlayerID }) {
  const free = ui.mode === 'free';
  const routes = (ui.selected && moveOptions[ui.selected]) || [];
  const opt = routes[ui.routeIndex] ?? routes[0];
  const hand = G.players[me].hand;
  const choices = opt && !free ? movePaymentChoices(hand, opt.steps, opt.payment) : [];
  const pay = choices.find((c) => c.key === ui.payKey)?.payment ?? null;
  const blocked = moveBlocked(G, ctx.currentPlayer, me, free);
  const count = Object.keys(moveOptions).length;
  const pushed = opt?.pushed ?? [];
  return (
    <div className="action-section">
      <h4>{free && actionsLeft(G, me) === 0 ? 'Free move' : 'Move your tram'}</h4>
      {freeAvailable && actionsLeft(G, me) > 0 && (
        <div className="mode-toggle" role="group">
          <button
            type="button"
            className={!free ? 'on' : ''}
            onClick={() => setUi({ mode: 'action', selected: null, payKey: null })}
            data-testid="mode-action"
          >
            Move (1 action)
          </button>
          <button
            type="button"
            className={free ? 'on' : ''}
            onClick={() => setUi({ mode: 'free', selected: null, payKey: null })}
            data-testid="mode-free"
          >
            ★ Free move
          </button>
        </div>
      )}
      {blocked ? (
        <p className="muted">{blocked}</p>
      ) : count === 0 ? (
        <p className="muted" data-testid="no-destination">
          {free ? 'The free move can reach no place from here.' : 'No destination is reachable with your tickets.'}
        </p>
      ) : !opt ? (
        <p className="hint">
          {free
            ? 'Choose a ★ place on the map: one move, no ticket, no action.'
            : 'Choose a highlighted place on the map. Its number is the tickets of one colour it costs; the badge colour is the cheapest way to pay.'}
        </p>
      ) : (
        <div className="move-detail" data-testid="move-detail">
          <p>
            To <b>{nodeName(G.side, opt.to)}</b>:{' '}
            {opt.steps === 0
              ? 'free move'
              : `${opt.steps} move${opt.steps > 1 ? 's' : ''}, ${opt.steps} ticket${opt.steps > 1 ? 's' : ''} of one colour`}
          </p>
          {routes.length > 1 && (
            <fieldset className="route-choice" data-testid="route-choice">
              <legend>Route ({routes.length} ways at this cost)</legend>
              {routes.map((r, i) => (
                <label key={i}>
                  <input
                    type="radio"
                    name="route"
                    checked={r === opt}
                    onChange={() => setUi({ routeIndex: i })}
                    data-testid={`route-${i}`}
                  />{' '}
                  {routeLabel(G, G.players[me].position, r, names)}
                </label>
              ))}
            </fieldset>
          )}
          {!free && (
            <PaymentPicker
              choices={choices}
              value={ui.payKey}
              onChange={(k) => setUi({ payKey: k })}
              testId="move-pay"
            />
          )}
          {opt.pushes && (
            <p className="warn" data-testid="push-warning">
              <BellIcon /> This move rings the bell and pushes{' '}
              {pushed.length ? pushed.map((p) => playerLabel(G, p, names)).join(', ') : 'another tram'} further along
              the line
              {opt.chooser !== undefined &&
                ` (${playerLabel(G, opt.chooser, names)} chooses the branch, and the push may go on)`}
              . You and each pushed player draw 1 ticket, unless they already drew one for a push this turn.
            </p>
          )}
          <div className="buttons">
            <button
              type="button"
              className="primary"
              onClick={() => act.move(opt, free, pay)}
              data-testid="confirm-move"
            >
              {opt.pushes ? 'Ring the bell and move' : 'Confirm move'}
            </button>
            <button type="button" onClick={() => setUi({ selected: null, payKey: null })} data-testid="cancel-move">
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

function PlaceSection({ G, ctx, me, ui, setUi, act }: Props & { me: PlayerID }) {
  const at = G.players[me].position;
  const node = network(G.side).node[at];
  const hand = G.players[me].hand;
  if (node.kind === 'stop') {
    const options = legalPickUps(G, ctx.currentPlayer, me);
    const reason = pickUpBlocked(G, ctx.currentPlayer, me);
    const group = counts(G.stops[at]);
    const none = options.find((o) => o.bell === 'none');
    const one = options.find((o) => o.bell === 'one');
    const three = options.find((o) => o.bell === 'three');
    const fits = options[0]?.fits;
    const choices = none ? groupPaymentChoices(hand, group) : [];
    const pay = choices.find((c) => c.key === ui.pickPayKey)?.payment ?? null;
    const payTotal = total(pay ?? choices[0]?.payment ?? group);
    // Every waiting passenger would stay (their seats are full): the rules allow the pick-up, but it only costs.
    const nobody = !!fits && total(group) > 0 && total(fits) === 0;
    return (
      <div className="action-section place-section">
        <h4>Pick up passengers at {node.name}</h4>
        {total(group) > 0 && (
          <p>
            Waiting: <Dots c={group} />{' '}
            {fits && total(staying(group, fits)) > 0 && (
              <span className="muted">
                — no seat for <Dots c={staying(group, fits)} />, they would stay
              </span>
            )}
          </p>
        )}
        {reason && options.length === 0 && <p className="muted">{reason}</p>}
        {none && (
          <PaymentPicker
            choices={choices}
            value={ui.pickPayKey}
            onChange={(k) => setUi({ pickPayKey: k })}
            testId="pickup-pay"
          />
        )}
        {options.length > 0 && !none && (
          <p className="warn" id="bell-fails">
            You cannot pay for this whole group, so ringing the bell would fail and spend the action.
          </p>
        )}
        <div className="buttons">
          {none && (
            <button
              type="button"
              className={nobody ? 'risky' : 'primary'}
              onClick={() => act.pickUp('none', pay)}
              data-testid="pickup-none"
            >
              {nobody ? 'Pick up anyway: pay' : 'Pick up, pay'} {payTotal} ticket{payTotal > 1 ? 's' : ''}
              {nobody && ', nobody boards'}
            </button>
          )}
          {one && (
            <button
              type="button"
              onClick={() => act.pickUp('one', null)}
              data-testid="pickup-bell"
              className={none ? '' : 'risky'}
              aria-describedby={none ? undefined : 'bell-fails'}
              title="Draw 1 random passenger from the bag and add it to the group first. If you then cannot pay for everyone, you pick up nothing, keep your tickets, and lose the action."
            >
              <BellIcon /> {none ? 'Ring the bell (+1 passenger)' : 'Ring the bell anyway (fails: the action is lost)'}
            </button>
          )}
          {three && (
            <button
              type="button"
              onClick={() => act.pickUp('three', null)}
              data-testid="pickup-three"
              className={none ? '' : 'risky'}
              aria-describedby={none ? undefined : 'bell-fails'}
              title="Draw 3 passengers from the bag, keep 1 and add it to the group."
            >
              <BellIcon /> {none ? 'Bell: draw 3, keep 1' : 'Bell: draw 3, keep 1 anyway (fails)'}
            </button>
          )}
        </div>
        {/* What the bell does, unless the warning above already says it would fail. */}
        {(one || three) && none && (
          <p className="hint">
            The bell adds one passenger to the group: you then pay one more ticket. If you cannot, nothing is picked up
            and the action is lost.
          </p>
        )}
      </div>
    );
  }
  if (node.kind === 'monument') {
    const drops = legalDropOffs(G, ctx.currentPlayer, me);
    const here = G.display.filter((id): id is string => !!id && CARD_BY_ID[id].monument === at);
    const hasCone = !!cones(G)[at];
    return (
      <div className="action-section place-section">
        <h4>Drop off at {node.name}</h4>
        {!hasCone && <p className="muted">No cone here: no Monument card can be claimed at {node.name} right now.</p>}
        {hasCone && drops.length === 0 && (
          <p className="muted">
            {actionsLeft(G, me) === 0
              ? 'You have no actions left this turn.'
              : 'You do not carry the passengers these cards need:'}{' '}
            {here.map((id) => (
              <span key={id}>
                {nodeName(G.side, CARD_BY_ID[id].monument)} ({CARD_BY_ID[id].vp} VP) needs{' '}
                <Dots c={CARD_BY_ID[id].need} />{' '}
              </span>
            ))}
          </p>
        )}
        {drops.map((d) => (
          <div key={d.card} className="drop-option">
            <MonumentCard id={d.card} side={G.side} mini highlight />
            <div className="buttons column">
              {d.ends.map((end) => {
                const gain = connectionGain(G.players[me].row, d.card, end);
                return (
                  <button
                    type="button"
                    key={end}
                    className="primary"
                    onClick={() => act.dropOff(d.card, end)}
                    data-testid={`dropoff-${d.card}-${end}`}
                  >
                    {G.players[me].row.length === 0 ? 'Claim' : `Claim, place ${end}`}
                    {gain > 0 ? ` (+${gain} link${gain > 1 ? 's' : ''})` : ''}
                  </button>
                );
              })}
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (node.kind === 'bonus') {
    const option = legalBonus(G, ctx.currentPlayer, me);
    const reason = bonusBlocked(G, ctx.currentPlayer, me);
    // The bonus this stop offers you, named even when you cannot take it.
    const here = node.color ? boardOf(G, me).bonuses[node.color] : null;
    const choices = option ? groupPaymentChoices(hand, single(option.color, 3)) : [];
    const pay = choices.find((c) => c.key === ui.bonusPayKey)?.payment ?? null;
    return (
      <div className="action-section place-section">
        <h4>{node.name}</h4>
        {option ? (
          <>
            <p>
              Take the <b>{BONUS_LABEL[option.bonus].long}</b> bonus for 3 {option.color} tickets.{' '}
              <span className="muted">{BONUS_LABEL[option.bonus].help}</span>
            </p>
            <PaymentPicker
              choices={choices}
              value={ui.bonusPayKey}
              onChange={(k) => setUi({ bonusPayKey: k })}
              testId="bonus-pay"
            />
            <div className="buttons">
              <button type="button" className="primary" onClick={() => act.takeBonus(pay)} data-testid="take-bonus">
                Take bonus
              </button>
            </div>
          </>
        ) : (
          <p className="muted" data-testid="bonus-blocked">
            {here && (
              <>
                The <b>{BONUS_LABEL[here].long}</b> bonus here costs 3 {node.color} tickets.{' '}
              </>
            )}
            {reason}
          </p>
        )}
      </div>
    );
  }
  if (node.kind === 'rossio') {
    return (
      <div className="action-section">
        <p className="hint">Rossio holds any number of trams, and a tram here is never pushed.</p>
      </div>
    );
  }
  return null;
}

/** End the turn; with actions left, it asks first ("Keep playing" is the default). */
function EndTurn({ G, me, can, left, act }: { G: GState; me: PlayerID; can: boolean; left: number; act: Actions }) {
  const [asking, setAsking] = React.useState(false);
  const keep = React.useRef<HTMLButtonElement>(null);
  const question = React.useRef<HTMLDivElement>(null);
  const endTurn = React.useRef<HTMLButtonElement>(null);
  // The player backed out ("Keep playing" or Esc): focus goes back to "End turn", not to the page's body.
  const backOut = React.useRef(false);
  const keepPlaying = () => {
    backOut.current = true;
    setAsking(false);
  };
  const turn = G.turn.actions;
  // A new action taken closes the question.
  React.useEffect(() => setAsking(false), [turn, me]);
  React.useEffect(() => {
    if (!asking) {
      if (backOut.current) endTurn.current?.focus({ preventScroll: true });
      backOut.current = false;
      return;
    }
    keep.current?.focus({ preventScroll: true });
    // The question is longer than the button it replaces: at the foot of the phone's bottom sheet (which scrolls
    // within itself) it fell below the screen, "Keep playing" and the question unseen. Bring all of it into view.
    question.current?.scrollIntoView({ block: 'nearest' });
  }, [asking]);
  if (asking && left > 0) {
    return (
      <div
        ref={question}
        className="action-section end asking"
        role="group"
        aria-labelledby="end-turn-question"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            keepPlaying();
          }
        }}
      >
        <p className="warn" id="end-turn-question" data-testid="end-turn-question">
          End your turn with {left} action{left > 1 ? 's' : ''} unused?
        </p>
        <div className="buttons">
          <button type="button" className="primary" onClick={act.endTurn} data-testid="end-turn-confirm">
            End turn — draw 4 tickets
          </button>
          <button type="button" ref={keep} onClick={keepPlaying} data-testid="end-turn-cancel">
            Keep playing
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="action-section end">
      {can && (
        <button
          type="button"
          ref={endTurn}
          onClick={left > 0 ? () => setAsking(true) : act.endTurn}
          data-testid="end-turn"
          className={left === 0 ? 'primary' : ''}
        >
          End turn — draw 4 tickets
        </button>
      )}
      {left > 0 && (
        <span className="muted">
          {' '}
          {left} action{left > 1 ? 's' : ''} unused
        </span>
      )}
    </div>
  );
}

/** The action panel. */
export function ActionPanel(props: Props) {
  const { G, ctx, me, names, act } = props;
  if (ctx.gameover) return null;
  if (props.tableWaiting)
    return (
      <section className="actions" data-testid="actions">
        <p className="waiting" data-testid="waiting">
          {TABLE_WAITING_TEXT}
        </p>
      </section>
    );
  if (G.pending) return <Decision G={G} me={me} names={names} act={act} empty={props.empty} replay={props.replay} />;
  const current = playerLabel(G, ctx.currentPlayer, names);
  if (me === null || me !== ctx.currentPlayer) {
    return (
      <section className="actions" data-testid="actions">
        <p className="waiting" data-testid="waiting">
          {props.empty?.has(ctx.currentPlayer)
            ? emptySeatText(ctx.currentPlayer)
            : waitingText(current, 'play', props.replay)}
        </p>
      </section>
    );
  }
  const left = actionsLeft(G, me);
  return (
    <section className="actions" data-testid="actions">
      <MoveSection {...props} me={me} />
      <PlaceSection {...props} me={me} />
      <EndTurn G={G} me={me} can={canEndTurn(G, ctx.currentPlayer, me)} left={left} act={act} />
    </section>
  );
}
