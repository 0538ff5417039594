import { describe, expect, it } from 'vitest';
import { preloadOffLoop, runOffLoop } from './off-loop.ts';

type Fixture = typeof import('./off-loop-fixture.ts');
const FIXTURE = new URL('./off-loop-fixture.ts', import.meta.url);

describe('runOffLoop', () => {
  it('runs the function on another thread while this event loop keeps turning', async () => {
    // Start the worker first, so the measured call is the work itself.
    await preloadOffLoop(FIXTURE);
    let turns = 0;
    let running = true;
    const turn = () => {
      turns++;
      if (running) setTimeout(turn, 5);
    };
    setTimeout(turn, 5);
    const answer = await runOffLoop<Fixture, 'spin'>(FIXTURE, 'spin', 600, new Uint8Array(7));
    running = false;
    expect(answer.length).toBe(7);
    expect(answer.rounds).toBeGreaterThan(0);
    // On this thread the spin would have allowed no turn at all.
    expect(turns).toBeGreaterThanOrEqual(3);
  });

  it('rejects with the error thrown on the worker', async () => {
    await expect(runOffLoop<Fixture, 'fail'>(FIXTURE, 'fail', 'no good')).rejects.toMatchObject({
      name: 'RangeError',
      message: 'no good',
    });
  });
});
