import { describe, expect, it } from 'vitest';
import { createTrafficMeter } from './traffic-meter';

describe('traffic meter', () => {
  it('counts the requests of the current second, or of the previous one when that had more', () => {
    let ms = 10_000;
    const meter = createTrafficMeter(() => ms);
    expect(meter.perSecond()).toBe(0);
    for (let i = 0; i < 40; i++) meter.record();
    expect(meter.perSecond()).toBe(40);
    ms += 1000;
    for (let i = 0; i < 5; i++) meter.record();
    // The second just begun has 5 so far; the last full one had 40.
    expect(meter.perSecond()).toBe(40);
    ms += 1000;
    expect(meter.perSecond()).toBe(5);
    // A quiet stretch forgets both.
    ms += 5000;
    expect(meter.perSecond()).toBe(0);
  });
});
