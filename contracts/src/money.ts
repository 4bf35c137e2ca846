// Money helpers of their own module: light pages (the clearance information page's fee) use them without the fines schemas.
/** "2500.00" for 250000 cents. */
export function centsToAmount(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
