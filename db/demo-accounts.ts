// The demo accounts `npm start` seeds (shown in the README and on the local admin sign-in page).
export const DEMO_OWNER = { email: "margaret@example.com", password: "storyhearth-demo" };
export const DEMO_ADMIN = { email: "admin@example.com", password: "storyhearth-admin" };
