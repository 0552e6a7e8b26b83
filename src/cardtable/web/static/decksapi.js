// Saved decks of this browser: the deck owner token (kept in localStorage, sent only in the
// X-Deck-Owner header, never in a URL) and the JSON calls of the deck-builder API (docs/protocol.md).

const KEY = "cardtable.deckOwner";
export const OWNER_HEADER = "X-Deck-Owner";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export async function api(path, { method = "GET", body, owner = false, text = false } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (owner) headers[OWNER_HEADER] = await ownerToken();
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status === 204) return null;
  if (text && res.ok) return res.text();
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err = data && data.error ? data.error : {};
    if (owner && (err.code === "bad_owner" || err.code === "no_owner")) forgetOwner();
    throw new ApiError(res.status, err.code || "error", err.message || `${res.status} ${res.statusText}`);
  }
  return data;
}

/** The owner token if this browser has one (no request). */
export function storedOwner() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function forgetOwner() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: nothing to forget */
  }
}

/** The owner token, asking the server for one the first time. */
export async function ownerToken() {
  const known = storedOwner();
  if (known) return known;
  const res = await fetch("/api/deck-owners", { method: "POST" });
  const data = await res.json().catch(() => null);
  if (!res.ok || !data || !data.owner_token) {
    const err = data && data.error ? data.error : {};
    throw new ApiError(res.status, err.code || "error", err.message || "could not get a deck owner token");
  }
  try {
    localStorage.setItem(KEY, data.owner_token);
  } catch {
    /* private mode: the token lasts as long as the page */
  }
  return data.owner_token;
}

/** This browser's saved decks of a game ([] without an owner token: nothing is created for a mere look). */
export async function savedDecks(gameId) {
  if (!storedOwner()) return [];
  try {
    return await api(`/api/decks?game=${encodeURIComponent(gameId)}`, { owner: true });
  } catch (err) {
    if (err.code === "bad_owner") return [];
    throw err;
  }
}
