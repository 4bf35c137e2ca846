/**
 * How many requests this instance answered per second, over the current and the previous second: the job queue's cue
 * that people are waiting on this process, so background work (messages) goes at an easy pace rather than taking
 * the cores from them (a booking burst with every message sent at once ran at a third of its rate).
 */
export function createTrafficMeter(now: () => number = Date.now) {
  let second = 0;
  let current = 0;
  let previous = 0;
  const roll = () => {
    const s = Math.floor(now() / 1000);
    if (s === second) return;
    previous = s === second + 1 ? current : 0;
    current = 0;
    second = s;
  };
  return {
    record() {
      roll();
      current++;
    },
    perSecond() {
      roll();
      return Math.max(current, previous);
    },
  };
}
export type TrafficMeter = ReturnType<typeof createTrafficMeter>;
