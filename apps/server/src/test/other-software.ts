import { HmrcClient, webAppFraudHeaders } from '@vatwise/hmrc';
import { signInAndGrant } from './hmrc-browser';

/**
 * Another program filing with HMRC for the same business: a second application registered with the
 * embedded simulator, authorised by the same test user, sending its own return. Used to show that
 * VAT Wise never takes a return it did not file for its own.
 */
const otherApplication = {
  clientId: 'other-mtd-software',
  clientSecret: 'other-mtd-software-secret',
  name: 'Other MTD software',
  redirectUris: ['http://127.0.0.1:9/hmrc-callback'],
};

/** The test server's environment that registers the other application with its simulator. */
export const otherSoftwareEnv = { HMRC_SANDBOX_APPLICATIONS: JSON.stringify([otherApplication]) };

/** Files a return for the period as the other application: boxes 1, 3 and 5 at `vatDuePounds`, the rest 0. */
export async function fileWithOtherSoftware(
  baseUrl: string,
  user: { userId: string; password: string; vrn: string },
  periodKey: string,
  vatDuePounds: number,
): Promise<void> {
  const sandbox = `${baseUrl}/hmrc-sandbox`;
  const hmrc = new HmrcClient({
    baseUrl: sandbox,
    authUrl: sandbox,
    clientId: otherApplication.clientId,
    clientSecret: otherApplication.clientSecret,
    redirectUri: otherApplication.redirectUris[0] ?? '',
  });
  const callback = await signInAndGrant(hmrc.authorizationUrl({ state: 'other-software' }), user);
  const tokens = await hmrc.exchangeCode(callback.searchParams.get('code') ?? '');
  const body = JSON.stringify({
    periodKey,
    vatDueSales: vatDuePounds,
    vatDueAcquisitions: 0,
    totalVatDue: vatDuePounds,
    vatReclaimedCurrPeriod: 0,
    netVatDue: vatDuePounds,
    totalValueSalesExVAT: 0,
    totalValuePurchasesExVAT: 0,
    totalValueGoodsSuppliedExVAT: 0,
    totalAcquisitionsExVAT: 0,
    finalised: true,
  });
  await hmrc.submitReturn(user.vrn, body, { accessToken: tokens.access_token, fraudHeaders: webAppFraudHeaders({}) });
}
