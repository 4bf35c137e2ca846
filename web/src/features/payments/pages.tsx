// The pages of this area, loaded together as one chunk.
export { CheckoutPage } from './CheckoutPage';
