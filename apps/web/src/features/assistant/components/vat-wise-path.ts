import { APP_BASE } from '../../../shared/navigation/screens';

/** The VAT Wise screen, where the chat is the page itself. */
export const VAT_WISE_PATH = `${APP_BASE}/vat-wise`;
