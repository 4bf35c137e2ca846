import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NavLink, matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NavItem } from './nav-items';
import { useCloseOnEscape } from './use-close-on-escape';

/** Where the header's links become the phone menu (global.css has the same width). */
const PHONE = '(max-width: 760px)';

/**
 * The header's links. At desktop widths those that do not fit the row (Sinhala and Tamil names are long) go
 * under a "More" button; on a phone all are in the menu the layout opens. Every link stays in the row's list,
 * invisible when it is under "More", so the row can always be measured again (a wider window, another language).
 */
export function MainNav({ items, open, onNavigate }: { items: readonly NavItem[]; open: boolean; onNavigate: () => void }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);
  const moreButtonRef = useRef<HTMLButtonElement>(null);
  const [shown, setShown] = useState(items.length);
  const [moreOpen, setMoreOpen] = useState(false);
  const count = items.length;
  // Staff links are made anew on every render: the row is measured again only when they (or the language) change.
  const itemsKey = items.map((item) => item.to).join(' ');

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const phone = window.matchMedia(PHONE);
    const fit = () => {
      if (phone.matches) return setShown(count);
      const [links, more] = [
        Array.from(list.querySelectorAll<HTMLElement>(':scope > .main-nav__item')),
        list.querySelector<HTMLElement>(':scope > .main-nav__more'),
      ];
      const gap = parseFloat(getComputedStyle(list).columnGap) || 0;
      const room = list.parentElement!.clientWidth;
      const widths = links.map((link) => link.offsetWidth + gap);
      if (widths.reduce((a, b) => a + b, 0) - gap <= room) return setShown(count);
      let used = more?.offsetWidth ?? 0;
      let fitting = 0;
      while (fitting < widths.length && used + widths[fitting]! <= room) used += widths[fitting++]!;
      setShown(fitting);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(list.parentElement!);
    phone.addEventListener('change', fit);
    // A script's font arriving late widens the links without always changing the room they have.
    document.fonts.addEventListener('loadingdone', fit);
    return () => {
      observer.disconnect();
      phone.removeEventListener('change', fit);
      document.fonts.removeEventListener('loadingdone', fit);
    };
  }, [count, itemsKey, i18n.resolvedLanguage]);

  const overflow = items.slice(shown);
  const isMoreOpen = moreOpen && overflow.length > 0;
  useCloseOnEscape(isMoreOpen, setMoreOpen, moreButtonRef);
  // A click elsewhere closes the "More" list too.
  useEffect(() => {
    if (!isMoreOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!moreButtonRef.current?.parentElement?.contains(event.target as Node)) setMoreOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isMoreOpen]);

  const moreActive = overflow.some((item) => matchPath({ path: item.to, end: item.end ?? false }, pathname));
  return (
    <nav id="main-nav" aria-label={t('nav.label')} className={open ? 'main-nav main-nav--open' : 'main-nav'}>
      <ul ref={listRef}>
        {items.map((item, index) => (
          <li key={item.to} className={index < shown ? 'main-nav__item' : 'main-nav__item main-nav__item--overflow'}>
            <NavLink to={item.to} end={item.end} onClick={onNavigate}>
              {t(item.key)}
            </NavLink>
          </li>
        ))}
        <li
          className={overflow.length > 0 ? 'main-nav__more' : 'main-nav__more main-nav__item--overflow'}
          onBlur={(event) => {
            // The focus left the button and its links (Tab past the last one): the list closes.
            if (isMoreOpen && !event.currentTarget.contains(event.relatedTarget as Node | null)) setMoreOpen(false);
          }}
        >
          <button
            type="button"
            ref={moreButtonRef}
            className={moreActive ? 'main-nav__more-button active' : 'main-nav__more-button'}
            aria-expanded={isMoreOpen}
            aria-controls="main-nav-more"
            onClick={() => setMoreOpen((o) => !o)}
          >
            {t('nav.more')}
            <span className="main-nav__more-icon" aria-hidden="true" />
          </button>
          <ul id="main-nav-more" className="main-nav__more-list" hidden={!isMoreOpen}>
            {overflow.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  onClick={() => {
                    setMoreOpen(false);
                    onNavigate();
                  }}
                >
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </li>
      </ul>
    </nav>
  );
}
