import { NotYetAvailable } from '../../components/NotYetAvailable';

export function CheckoutPage() {
  return <NotYetAvailable titleKey="pageTitles.checkout" />;
}
