import { EXAMPLE_BROKERAGE } from '@corretora/contracts/examples';
import { expect, type APIRequestContext } from '@playwright/test';

/** The brokerage the journeys type and expect to see. */
export const BROKERAGE = EXAMPLE_BROKERAGE;

/** Completes onboarding through the API so journeys about other areas start from an unlocked product. */
export async function onboardViaApi(request: APIRequestContext): Promise<void> {
  const response = await request.post('/api/broker-profile', {
    data: { ...BROKERAGE, isOnboardingComplete: true },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}
