/**
 * The lobby's "New match" card: create a match, take seat 1 as its creator
 * (who may close it before it starts), ask the server to run the bot seats,
 * then open the match page.
 */
import { useState } from 'react';
import { creatorKeyOf, describeError, lobby, saveName, saveSeat, seatBot, type StoredSeat } from './lobbyApi';
import { useGame } from './games';
import { navigate } from './route';
import { FormFooter, PlayerCount, SeatRows, Segmented, nameProblem, resizeSeats, seatLabels } from './SetupFields';
import { CLOCK_TEXT, type ClockChoice } from './TurnClock';
import { botName, type SeatChoice } from './seats';
import { listOf } from './names';

const freshSeat = (): SeatChoice => ({ kind: 'human', level: 'normal', name: '' });

/** The "New match" card. `name` is the player's name from the lobby header. */
export function CreateMatch(props: { name: string; onNeedName: () => void }) {
  const game = useGame();
  const gameId = game.def.id;
  const [numPlayers, setNumPlayers] = useState(game.def.minPlayers);
  const [seats, setSeats] = useState<SeatChoice[]>(() => Array.from({ length: game.def.minPlayers }, freshSeat));
  const [rules, setRules] = useState<unknown>(game.rules.initial);
  const [listed, setListed] = useState(true);
  const [clock, setClock] = useState<ClockChoice>('none');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const changeCount = (n: number) => {
    setNumPlayers(n);
    setSeats((s) => resizeSeats(s, n, freshSeat));
  };

  const create = async () => {
    const name = props.name.trim();
    if (nameProblem(name)) {
      // The lobby says why under the name field (none typed, or a bot's), where it takes the player.
      props.onNeedName();
      return;
    }
    setBusy(true);
    setError('');
    let matchID: string;
    let creator: { creatorKey?: string };
    try {
      let created: { matchID: string };
      ({ matchID } = created = await lobby.createMatch(gameId, {
        numPlayers,
        setupData: game.rules.toSetupData(rules, numPlayers),
        unlisted: !listed,
        ...(clock !== 'none' ? { turnClock: clock } : {}),
      }));
      // The creator key makes the seat joined next the creator's, who may close the match before it starts.
      creator = creatorKeyOf(created);
    } catch (err) {
      setError(describeError(err, 'create'));
      setBusy(false);
      return;
    }
    let me: StoredSeat;
    try {
      const joined = await lobby.joinMatch(gameId, matchID, { playerID: '0', playerName: name, ...creator });
      me = {
        gameId,
        matchID,
        playerID: joined.playerID,
        credentials: joined.playerCredentials,
        playerName: name,
        joinedAt: Date.now(),
      };
      saveName(name);
      saveSeat(me);
    } catch (err) {
      setError(describeError(err, 'join'));
      setBusy(false);
      return;
    }
    // Bot seats: the server runs them. A failure leaves the seat open for a human; the bots refused for the same
    // reason (a cap, most often) are named together, the reason said once.
    const failures = new Map<string, string[]>();
    for (let i = 1; i < seats.length; i++) {
      if (seats[i].kind !== 'bot') continue;
      try {
        await seatBot(matchID, i, seats[i].level, me);
      } catch (err) {
        const why = describeError(err, 'bot');
        failures.set(why, [...(failures.get(why) ?? []), botName(i, seats[i].level)]);
      }
    }
    if (failures.size)
      sessionStorage.setItem(
        `lt28:notice:${matchID}`,
        `Some bots could not be seated; those seats stay open for people. ${[...failures]
          .map(([why, bots]) => `${listOf(bots)}: ${why}`)
          .join(' ')}`,
      );
    setBusy(false);
    navigate({ page: 'match', game: gameId, matchID });
  };

  return (
    <section className="card" aria-labelledby="new-match-title" data-testid="create-match">
      <h2 id="new-match-title">New match</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <PlayerCount
          value={numPlayers}
          min={game.def.minPlayers}
          max={game.def.maxPlayers}
          onChange={changeCount}
          testid="create-players"
        />
        <SeatRows seats={seats} onChange={setSeats} humanLabel="open" firstIsYou={props.name} testid="create" />
        <game.rules.Fields
          value={rules}
          numPlayers={numPlayers}
          seatNames={seatLabels(seats, true)}
          onChange={setRules}
          testid="create"
        />
        <Segmented<ClockChoice>
          label="Turn clock (when it runs out, the easy bot plays the turn)"
          ariaLabel="Turn clock"
          options={['none', '1m', '5m', '1d']}
          value={clock}
          onChange={setClock}
          text={(v) => CLOCK_TEXT[v]}
          testid={(v) => `create-clock-${v}`}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={listed}
            onChange={(e) => setListed(e.target.checked)}
            data-testid="create-listed"
          />
          List it under open matches (otherwise only people with the link can join)
        </label>
        <FormFooter error={error} busy={busy} text="Create match" busyText="Creating…" testid="create" />
      </form>
    </section>
  );
}
