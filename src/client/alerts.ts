/**
 * "Your move", wherever the player is: the tab's title and icon, a short
 * chime (which the player may switch off), and a browser notification while
 * the tab is hidden (permission is asked only when the player clicks "Notify
 * me", never on page load). Every game's online page uses it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

const SOUND_KEY = 'next-stop:sound';
const NOTIFY_KEY = 'next-stop:notify';

/** The player's alert settings, kept in this browser. */
export interface AlertSettings {
  sound: boolean;
  /** Notifications asked for (and granted by the browser). */
  notify: boolean;
}

function readSettings(): AlertSettings {
  const notifyOk = typeof Notification !== 'undefined' && Notification.permission === 'granted';
  return {
    sound: localStorage.getItem(SOUND_KEY) !== 'off',
    notify: notifyOk && localStorage.getItem(NOTIFY_KEY) === 'on',
  };
}

/** The favicon with a red dot in its corner, as a data URL (the page's own icon stays the base). */
const ALERT_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect x="4" y="4" width="56" height="56" rx="12" fill="#1d4e89"/>' +
      '<path d="M18 40h28M22 24h20v16H22z" stroke="#fff" stroke-width="5" fill="none"/>' +
      '<circle cx="50" cy="14" r="12" fill="#e53935" stroke="#fff" stroke-width="3"/></svg>',
  );

function setIcon(alert: boolean): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) return;
  if (!link.dataset.base) link.dataset.base = link.getAttribute('href') ?? '';
  link.setAttribute('href', alert ? ALERT_ICON : link.dataset.base);
  link.dataset.alert = alert ? 'yes' : 'no';
}

let audio: AudioContext | null = null;

/**
 * Whether the page has had a user gesture (a click, a key) since it loaded: a browser lets an audio context start
 * only then, and warns in the console for every one created or resumed before. Unknown in this browser: assume so.
 */
function activated(): boolean {
  return (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive ?? true;
}

/**
 * The audio context, created, or resumed if it was suspended, only once the page has had a gesture; null before
 * (or where there is no audio). A tab reloaded on the player's turn so makes no context until the first click or
 * key, which starts it (unlockAudio), rather than one that stays suspended for good.
 */
function audioContext(): AudioContext | null {
  if (audio?.state === 'running') return audio;
  if (!activated() || typeof AudioContext === 'undefined') return null;
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  } catch {
    return null;
  }
  return audio;
}

/** Starts (or resumes) the audio context from a user gesture, so that a later chime can play. */
function unlockAudio(): void {
  audioContext();
}

/** A short two-note chime (about a third of a second); skipped quietly while the page may not play sound yet. */
function chime(): void {
  const ctx = audioContext();
  if (!ctx) return; // No gesture yet since the page loaded: the title and the icon still say it.
  try {
    // On a context still resuming, the notes play as soon as it runs (its clock waits for it).
    const start = ctx.currentTime + 0.01;
    [659.25, 987.77].forEach((hz, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.0001, start + i * 0.14);
      gain.gain.exponentialRampToValueAtTime(0.18, start + i * 0.14 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.14 + 0.2);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + i * 0.14);
      osc.stop(start + i * 0.14 + 0.22);
    });
  } catch {
    // No audio here: the title and the icon still say it.
  }
}

/** The events that count as a user gesture for audio (pointerup: a touch activates the page only when lifted). */
const GESTURES = ['pointerdown', 'pointerup', 'keydown'] as const;

/**
 * Title, icon, chime and notification for one online board. `mine`: the game
 * waits for this player now. Returns the settings and their switches.
 */
export function useYourMoveAlerts(
  mine: boolean,
  title: string,
): { settings: AlertSettings; toggleSound: () => void; askNotify: () => Promise<void>; stopNotify: () => void } {
  const [settings, setSettings] = useState<AlertSettings>(readSettings);
  const was = useRef(false);
  const latest = useRef(settings);
  latest.current = settings;

  useEffect(() => {
    document.title = mine ? `(Your move) ${title}` : title;
    setIcon(mine);
    if (mine && !was.current) {
      if (latest.current.sound) chime();
      if (latest.current.notify && document.hidden && typeof Notification !== 'undefined') {
        try {
          const n = new Notification('Your move', { body: title, tag: 'your-move' });
          n.onclick = () => {
            window.focus();
            n.close();
          };
        } catch {
          // Some browsers allow notifications only from a service worker: the title and icon remain.
        }
      }
    }
    was.current = mine;
  }, [mine, title]);
  useEffect(
    () => () => {
      document.title = title;
      setIcon(false);
    },
    [title],
  );
  // The first gesture on the page (and any later one, should the browser suspend the context) starts the audio.
  useEffect(() => {
    const onGesture = () => {
      if (latest.current.sound) unlockAudio();
    };
    for (const type of GESTURES) window.addEventListener(type, onGesture, { capture: true, passive: true });
    return () => {
      for (const type of GESTURES) window.removeEventListener(type, onGesture, { capture: true });
    };
  }, []);

  const toggleSound = useCallback(() => {
    // A press of the switch is a gesture: the audio may start now, ready for the next chime.
    if (!latest.current.sound) unlockAudio();
    setSettings((s) => {
      localStorage.setItem(SOUND_KEY, s.sound ? 'off' : 'on');
      return { ...s, sound: !s.sound };
    });
  }, []);
  const askNotify = useCallback(async () => {
    if (typeof Notification === 'undefined') return;
    const permission =
      Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    const on = permission === 'granted';
    localStorage.setItem(NOTIFY_KEY, on ? 'on' : 'off');
    setSettings((s) => ({ ...s, notify: on }));
  }, []);
  const stopNotify = useCallback(() => {
    localStorage.setItem(NOTIFY_KEY, 'off');
    setSettings((s) => ({ ...s, notify: false }));
  }, []);
  return { settings, toggleSound, askNotify, stopNotify };
}

/** Whether this browser can show notifications at all, and whether the player blocked them. */
export function notificationState(): 'unsupported' | 'denied' | 'default' | 'granted' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}
