import { IsId } from '../../common/int-range';

export const MSG_TOKEN_NOT_FOUND = '令牌不存在';

/** A token id in a body: an integer the id column can hold; anything else names no token. */
export const IsTokenId = () => IsId(MSG_TOKEN_NOT_FOUND);
