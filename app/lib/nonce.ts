import { createContext, useContext } from "react";

const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
/** The per-request CSP nonce, for the few inline scripts the app renders. */
export const useNonce = () => useContext(NonceContext);
