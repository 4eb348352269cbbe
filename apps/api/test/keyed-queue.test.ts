import { describe, expect, it } from 'vitest';
import { KeyedQueue } from '../src/lib/keyed-queue.ts';

/** The per-auction bid queue (features/auctions/auction-service.ts placeBid). */
describe('KeyedQueue', () => {
  const tick = () => new Promise((r) => setTimeout(r, 5));

  it('runs the tasks of one key one at a time, in order, and other keys beside them', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all([
      queue.run('a', task('a1')),
      queue.run('a', task('a2')),
      queue.run('a', task('a3')),
    ]);
    expect(results).toEqual(['a1', 'a2', 'a3']);
    expect(log).toEqual(['start a1', 'end a1', 'start a2', 'end a2', 'start a3', 'end a3']);
    expect(most).toBe(1);

    let parallel = 0;
    await Promise.all([
      queue.run('x', async () => {
        parallel++;
        await tick();
        expect(parallel).toBe(2);
      }),
      queue.run('y', async () => {
        parallel++;
        await tick();
      }),
    ]);
  });

  it("a failing task fails its own caller only; the key's next task runs", async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('k', async () => {
      throw new Error('refused');
    });
    const next = queue.run('k', async () => 'ran');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('ran');
  });
});
