import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A service on the home and track pages. The whole card is one link; when the service needs a
 * sign-in the user does not have, `onNeedSignIn` is called instead of following it.
 */
export function ServiceCard({
  to,
  title,
  body,
  icon,
  note,
  extra,
  onNeedSignIn,
}: {
  to: string;
  title: string;
  body: string;
  icon: ReactNode;
  note?: string;
  /** More below the body, above the card's link (its own links and alerts stay usable). */
  extra?: ReactNode;
  onNeedSignIn?: (path: string) => void;
}) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!onNeedSignIn || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    onNeedSignIn(to);
  };
  return (
    <li className="service-card">
      <span className="service-card__icon" aria-hidden="true">
        {icon}
      </span>
      <h2 className="service-card__title">
        <Link to={to} onClick={onClick} className="service-card__link">
          {title}
        </Link>
      </h2>
      <p className="service-card__body">{body}</p>
      {note ? <p className="service-card__note">{note}</p> : null}
      {extra ? <div className="service-card__extra">{extra}</div> : null}
    </li>
  );
}
