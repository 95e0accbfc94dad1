"""The float network that the engine's integer network is quantised from.

    per perspective: 1024 -> 128 (one feature transformer for both perspectives)
    h0 = [clamp(acc[side to move]), clamp(acc[other])]   256
    h1 = clamp(L1 h0)   16
    h2 = clamp(L2 h1)   32
    y  = L3 h2          1, in Pawns (cp = 100 * y)

clamp is clamp(x, 0, 1), the float image of the integer clamp(x, 0, 127).
The feature transformer is an EmbeddingBag summing the rows of the active
features, so a position costs its ~16 active rows, not a 1024-wide product.
"""

import torch
from torch import nn

import contract
from data import PADDING_FEATURE


class NnueModel(nn.Module):
    def __init__(self):
        super().__init__()
        # One extra all-zero row for the padding feature; export drops it.
        self.ft = nn.EmbeddingBag(
            contract.FEATURES + 1, contract.FT_OUT, mode="sum", padding_idx=PADDING_FEATURE
        )
        self.ft_bias = nn.Parameter(torch.zeros(contract.FT_OUT))
        self.l1 = nn.Linear(2 * contract.FT_OUT, contract.L1_OUT)
        self.l2 = nn.Linear(contract.L1_OUT, contract.L2_OUT)
        self.out = nn.Linear(contract.L2_OUT, 1)
        self._initialise()

    def _initialise(self):
        # About 16 active features: rows of this size put a typical accumulator
        # around the middle of clamp's linear range 0..1, where gradients flow.
        with torch.no_grad():
            self.ft.weight.normal_(0.0, 0.1)
            self.ft.weight[PADDING_FEATURE].zero_()
            self.ft_bias.fill_(0.5)

    def forward(self, stm_features, other_features):
        """Features: int64 tensors (batch, width) padded with PADDING_FEATURE. Returns Pawns, (batch,)."""
        # Both perspectives in one call: one gather forward, one scatter back.
        both = self.ft(torch.cat([stm_features, other_features])) + self.ft_bias
        stm, other = both.split(len(stm_features))
        h0 = torch.cat([stm, other], dim=1).clamp(0.0, 1.0)
        h1 = self.l1(h0).clamp(0.0, 1.0)
        h2 = self.l2(h1).clamp(0.0, 1.0)
        return self.out(h2).squeeze(1)
