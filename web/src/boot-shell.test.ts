// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@pes/contracts';
import { paths } from './paths';
import indexHtml from '../index.html?raw';

/**
 * index.html's boot shell draws the opened page's header before the app's code arrives, from a table of its own: the
 * texts must be the catalogues' (what the page's PageTitle shows), in each language, or the header would change
 * under the reader's eyes when the app takes over.
 */
const inlineScripts = [...indexHtml.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
const body = /<body>([\s\S]*)<\/body>/.exec(indexHtml)![1]!.replace(/<script\b[\s\S]*?<\/script>/g, '');

const catalogues = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });
/** `ns:a.b` in a language, as the page's t() finds it. */
function text(lng: Language, key: string) {
  const [ns, path] = key.split(':') as [string, string];
  const found = path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogues[`./locales/${lng}/${ns}.json`]);
  if (typeof found !== 'string') throw new Error(`no text ${key} in ${lng}`);
  return found;
}

/** The pages whose header the shell draws: the keys their page components give PageTitle, and the page's width class. */
const PAGES = [
  { path: paths.login, page: 'LoginPage', title: 'common:pageTitles.login', subtitle: 'auth:login.lead', width: 'auth-page', info: null },
  // A visitor (no session in this browser) is sent to the sign-in page.
  { path: paths.payFine, page: 'LoginPage', title: 'common:pageTitles.login', subtitle: 'auth:login.lead', width: 'auth-page', info: null },
  {
    path: paths.clearance,
    page: 'ClearanceInfoPage',
    title: 'common:pageTitles.clearance',
    subtitle: 'clearance:info.lead',
    width: 'page--medium',
    info: null,
  },
  {
    path: paths.anonymousComplaint,
    page: 'AnonymousComplaintPage',
    title: 'anonymous:title',
    subtitle: 'anonymous:intro',
    width: null,
    // The information box under the header (what is kept and what is not).
    info: ['anonymous:kept', 'anonymous:notKept'],
  },
  {
    path: '/verify/0123456789ABCDEF0123456789ABCDEF',
    page: 'VerifyCertificatePage',
    title: 'common:pageTitles.verifyCertificate',
    subtitle: null,
    width: 'page--narrow',
    info: null,
  },
] as const;

/** Opens `path` with index.html's body and runs its inline script, as the browser does before any module loads. */
function openShell(path: string, storage: { language?: string; token?: string } = {}) {
  localStorage.clear();
  sessionStorage.clear();
  if (storage.language) localStorage.setItem('language', storage.language);
  if (storage.token) sessionStorage.setItem('token', storage.token);
  window.history.replaceState(null, '', path);
  document.body.innerHTML = body;
  for (const script of inlineScripts) new Function(script)();
  const section = document.querySelector('.boot-shell__main > section');
  return {
    section,
    h1: section?.querySelector('h1')?.textContent,
    subtitle: section?.querySelector('.page-header__subtitle')?.textContent ?? null,
    info: section ? [...section.querySelectorAll('.alert--info .alert__body p')].map((p) => p.textContent) : [],
  };
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("the boot shell's page header", () => {
  it('has one inline script (the one the server allows by its hash)', () => {
    expect(inlineScripts).toHaveLength(1);
  });

  for (const page of PAGES) {
    for (const lng of LANGUAGES) {
      it(`${page.path} in ${lng}: the ${page.page}'s title and lead (and information box), as the app draws them`, () => {
        const shell = openShell(page.path, { language: lng });
        expect(shell.h1).toBe(text(lng, page.title));
        expect(shell.subtitle).toBe(page.subtitle ? text(lng, page.subtitle) : null);
        expect(shell.section?.getAttribute('lang')).toBe(lng);
        expect(shell.section?.classList.contains('page')).toBe(true);
        if (page.width) expect(shell.section?.classList.contains(page.width)).toBe(true);
        expect(shell.info).toEqual(page.info ? page.info.map((key) => text(lng, key)) : []);
        // The busy note stays, below the header.
        expect(document.querySelector('.boot-shell [role="status"]')?.textContent).toContain('Loading…');
      });
    }
  }

  it('is in English when no language (or an unknown one) is stored', () => {
    expect(openShell(paths.clearance).h1).toBe(text('en', 'common:pageTitles.clearance'));
    expect(openShell(paths.clearance, { language: 'constructor' }).h1).toBe(text('en', 'common:pageTitles.clearance'));
  });

  it('is not drawn on other pages, nor on /pay-fine for someone signed in (the app decides what they see)', () => {
    for (const path of [paths.home, paths.clearanceApply, paths.anonymousTrack, '/verify/a/b', paths.complaint]) {
      expect(openShell(path).section, path).toBeNull();
    }
    expect(openShell(paths.payFine, { token: 'a.b.c' }).section).toBeNull();
  });
});
