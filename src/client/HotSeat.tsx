/** The hot-seat page: setup, then the game. */
import { useState } from 'react';
import { HotSeatSetup, type HotSeatConfig } from './HotSeatSetup';
import { HotSeatGame } from './HotSeatGame';

/** Setup until started, then the game. */
export function HotSeat() {
  const [config, setConfig] = useState<HotSeatConfig | null>(null);
  return config ? <HotSeatGame config={config} onQuit={() => setConfig(null)} /> : <HotSeatSetup onStart={setConfig} />;
}
