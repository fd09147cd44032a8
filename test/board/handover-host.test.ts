/**
 * The seat's link for another device (src/client/Handover.tsx) warns when the page was opened by an address that
 * names the computer alone, which a phone scanning the code would ask of itself (`isLoopbackHost`).
 */
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src/client/route';

describe('isLoopbackHost', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'play.localhost',
    '127.0.0.1',
    '127.1.2.3',
    '[::1]',
    '::1',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
  ])('%s names this computer alone', (host) => expect(isLoopbackHost(host)).toBe(true));
  it.each(['192.168.1.20', '10.0.0.5', 'play.example.org', '[fe80::1]', '128.0.0.1', 'localhost.example.org', '::'])(
    '%s is reachable from another device',
    (host) => expect(isLoopbackHost(host)).toBe(false),
  );
});
