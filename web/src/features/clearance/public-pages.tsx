// The area's pages a visitor opens first (from a link or a certificate's QR code): loaded without the application
// wizard and its schemas, which took a slow phone's main thread for a tenth of a second.
export { ClearanceInfoPage } from './ClearanceInfoPage';
export { VerifyCertificatePage } from './VerifyCertificatePage';
