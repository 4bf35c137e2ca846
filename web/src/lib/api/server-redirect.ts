/** Leaves the app for a URL the server gave (a payment gateway, or back from it); only http(s) or same-site paths. */
export function goToServerUrl(url: string) {
  const target = new URL(url, window.location.origin);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error('unexpected redirect');
  window.location.assign(target.href);
}
