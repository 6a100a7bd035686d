// <kiwi-coin-message> for a signed-in member (a chunk of its own).
import { CoinMessages } from '@kiwi/shared/features/coin-messages/coin-messages';

export default function CoinMessageMember() {
  return <CoinMessages />;
}
