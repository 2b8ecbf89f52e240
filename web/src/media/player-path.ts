/** The player's page (one row of the route table): `?id=` names the recording. */
export const PLAYER_PATH = '/posnetek'
