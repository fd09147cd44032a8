/** The out-of-turn prompts: the Appeal to the victim, the Tram Tracker choice to the chooser. */
import React, { useEffect, useId, useRef } from 'react';
import type { PlayerID, TOState } from '../types';
import { checkAppeal, legalTrackerChoices } from '../legal';
import { CardFace } from './CardFace';
import { cardLook } from './look';
import { cardName, playerLabel, sortHand } from './logic';
import type { PanelProps } from './selection';
import { BOARD_ROOT, scrollIntoViewFor } from '../../../client/boardHooks';

/** The victim's Appeal prompt: Appeal or accept. */
export function AppealPrompt({ G, ctx, me, names, act }: PanelProps & { me: PlayerID }) {
  const p = G.pending as Extract<NonNullable<TOState['pending']>, { kind: 'appeal' }>;
  const r = checkAppeal(G, ctx, me);
  const what =
    p.source === 'feetOnSeat'
      ? 'Feet On Seat'
      : p.source === 'authorised'
        ? 'an Authorised Inspector'
        : 'an Undercover Inspector';
  const feet = p.source === 'feetOnSeat';
  const n = p.evaders.length;
  // Every victim is asked, Appeal in hand or not, so that the pause tells the table nothing; on the victim's own
  // screen the Appeal button is offered only with an Appeal to play.
  const canAppeal = typeof r !== 'string';
  // The way on, highlighted: an Appeal that succeeds; accepting when the Appeal would fail (an Authorised
  // Inspector), which keeps the Appeal for later, as the bots do. That Appeal stays offered: it sheds the card.
  const appealFirst = canAppeal && r.success;
  return (
    <div
      className="prompt urgent"
      data-testid="appeal-prompt"
      role="alertdialog"
      aria-label={feet ? 'Feet On Seat against you' : 'You are inspected'}
    >
      <h4>{feet ? 'Feet off the seat!' : 'Tickets please!'}</h4>
      <p>
        {playerLabel(p.by, names)} caught you with {what} on line {p.line}:{' '}
        {feet
          ? `you take back your ${n} Evader${n === 1 ? '' : 's'} from the carriage.`
          : `you take the carriage's ${n === 1 ? 'Evader' : `${n} Evaders`}.`}
      </p>
      <p className="hint">
        {typeof r === 'string'
          ? r
          : r.success
            ? `An Appeal succeeds: ${playerLabel(p.by, names)} takes them instead.`
            : 'An Appeal against an Authorised Inspector fails, but it gets rid of the card.'}
      </p>
      <div className="buttons">
        <button
          type="button"
          className={appealFirst ? 'primary' : undefined}
          disabled={!canAppeal}
          onClick={act.appeal}
          data-testid="appeal"
        >
          Appeal
        </button>
        <button type="button" className={appealFirst ? undefined : 'primary'} onClick={act.accept} data-testid="accept">
          {feet ? 'Take them back' : 'Accept the fine'}
        </button>
      </div>
    </div>
  );
}

/**
 * The Tram Tracker chooser's prompt: take one of the target's cards, give one back; or, with no other card
 * to give (the Tram Tracker was their last), see the hand and go on taking nothing.
 */
export function TrackerPrompt(props: PanelProps & { me: PlayerID }) {
  const { G, me, names, sel, setSel, act } = props;
  const choices = legalTrackerChoices(G, me);
  const p = G.pending as Extract<NonNullable<TOState['pending']>, { kind: 'tracker' }>;
  // Once a card to take is chosen, the cards to give and the button that swaps them open below it: the page brings
  // them into the window (at 1024 × 768 "Take and give" stood under the window's foot, to be scrolled to by hand).
  const swapRef = useRef<HTMLButtonElement>(null);
  // As the board's other scrolls do, a smooth one stops once the player reaches outside the board (boardHooks.ts).
  useEffect(() => {
    const swap = swapRef.current;
    const board = swap?.closest<HTMLElement>(`[${BOARD_ROOT}]`);
    if (sel.take && swap && board) scrollIntoViewFor(swap, board);
  }, [sel.take, sel.give]);
  if (choices.takeNothing) return <TrackerLookPrompt {...props} target={p.target} />;
  // Both hands in the order the hand shows them (by Line), each card shown, so the chooser sees the whole hand.
  const all = choices.swaps;
  const order = sortHand(all.map((o) => o.take));
  const options = order.map((take) => all.find((o) => o.take === take)!);
  const gives = sortHand(options.find((o) => o.take === sel.take)?.give ?? []);
  return (
    <div className="prompt" data-testid="tracker-prompt">
      <h4>Tram Tracker: {playerLabel(p.target, names)}'s hand</h4>
      <p>Take one card:</p>
      {/* On a phone the prompt is a sheet at the window's foot: once a card to take is chosen, the row shows that card
          alone, with a way back to the others, so that it stays in view above the cards to give and the swap. */}
      <div className="take-row">
        <div className={sel.take ? 'choice-cards chosen' : 'choice-cards'}>
          {options.map((o) => (
            <button
              type="button"
              key={o.take}
              className={sel.take === o.take ? 'on' : ''}
              onClick={() => setSel({ take: o.take, give: null })}
              data-testid={`take-${o.take}`}
              aria-pressed={sel.take === o.take}
            >
              <span className="sr-only">Take </span>
              <CardFace look={cardLook(o.take)} />
            </button>
          ))}
        </div>
        {sel.take && (
          <button
            type="button"
            className="retake"
            onClick={() => setSel({ take: null, give: null })}
            data-testid="tracker-retake"
          >
            Choose another
          </button>
        )}
      </div>
      {sel.take && (
        <>
          <p>Give one of yours:</p>
          <div className="choice-cards">
            {gives.map((g, i) => (
              <button
                type="button"
                key={g}
                data-autofocus={!sel.give && i === 0 ? true : undefined}
                className={sel.give === g ? 'on' : ''}
                onClick={() => setSel({ give: g })}
                data-testid={`give-${g}`}
                aria-pressed={sel.give === g}
              >
                <span className="sr-only">Give </span>
                <CardFace look={cardLook(g)} />
              </button>
            ))}
          </div>
        </>
      )}
      <div className="buttons">
        <button
          ref={swapRef}
          type="button"
          className="primary"
          disabled={!sel.take || !sel.give}
          onClick={() => sel.take && sel.give && act.trackerSwap(sel.take, sel.give)}
          data-testid="tracker-swap"
        >
          {sel.take && sel.give ? `Take ${cardName(sel.take)}, give ${cardName(sel.give)}` : 'Take and give'}
        </button>
      </div>
    </div>
  );
}

/** The Tram Tracker played as the last card: the chooser sees the target's hand and, with nothing to give, takes nothing. */
function TrackerLookPrompt({ G, names, act, target }: PanelProps & { target: PlayerID }) {
  const cards = sortHand(G.trackerReveal?.cards ?? []);
  // Unique on the page: hot-seat and the tests show several seats' boards at once.
  const why = useId();
  return (
    <div className="prompt" data-testid="tracker-prompt">
      <h4>Tram Tracker: {playerLabel(target, names)}'s hand</h4>
      <div className="choice-cards" role="list" aria-label={`${playerLabel(target, names)}'s hand`}>
        {cards.map((c) => (
          <span className="seen-card" role="listitem" key={c} data-testid={`seen-${c}`}>
            <CardFace look={cardLook(c)} />
          </span>
        ))}
      </div>
      <p className="hint" id={why}>
        You have no other card to give, so you take nothing.
      </p>
      <div className="buttons">
        <button
          type="button"
          className="primary"
          onClick={act.trackerNothing}
          aria-describedby={why}
          data-testid="tracker-nothing"
        >
          Take nothing
        </button>
      </div>
    </div>
  );
}
