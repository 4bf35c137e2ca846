import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../components/Alert';
import { PageTitle } from '../components/PageTitle';

/** How the page reloads; replaceable in tests (jsdom cannot reload). */
export const pageReload = {
  reload() {
    window.location.reload();
  },
};

interface Props {
  children: ReactNode;
  /** A new value (the next page) clears a caught error, so leaving a broken page shows the next one. */
  resetKey?: string;
}

/**
 * Catches what a page throws while rendering, a chunk that failed to load included (a rejected lazy
 * import), and shows a translated message with Reload instead of an empty page. A reload is the remedy
 * for both: React keeps a failed lazy import failed until the page loads again. (React itself logs the
 * error to the console.)
 */
export class AreaErrorBoundary extends Component<Props, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidUpdate(previous: Props) {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    return this.state.error === null ? this.props.children : <SomethingWentWrong />;
  }
}

function SomethingWentWrong() {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow">
      <PageTitle>{t('somethingWentWrong.title')}</PageTitle>
      <div className="card">
        <Alert kind="error">{t('somethingWentWrong.body')}</Alert>
        <button type="button" className="button button--primary" onClick={() => pageReload.reload()}>
          {t('somethingWentWrong.reload')}
        </button>
      </div>
    </section>
  );
}
