import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { sendCsv } from './csv';

describe('sendCsv back-pressure', () => {
  it('waits for each drain and leaves no listener behind, however many batches', async () => {
    // A response whose socket is always full: every write asks to wait for 'drain'.
    const written: string[] = [];
    const response = Object.assign(new EventEmitter(), {
      destroyed: false,
      status: () => response,
      setHeader: () => undefined,
      write(chunk: string) {
        written.push(chunk);
        setImmediate(() => response.emit('drain'));
        return false;
      },
      end: () => undefined,
    });
    const batches = 50;
    await sendCsv(response as unknown as Response, {
      fileName: 'orders.csv',
      columns: [{ header: 'n', value: (row: number) => row }],
      rows: async (onBatch) => {
        for (let i = 0; i < batches; i++) await onBatch([i]);
      },
    });
    expect(written).toHaveLength(batches);
    expect(response.listenerCount('drain')).toBe(0);
    expect(response.listenerCount('close')).toBe(0);
    expect(response.listenerCount('error')).toBe(0);
  });
});
