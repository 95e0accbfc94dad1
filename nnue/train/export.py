"""Quantisation of the float network to the contract's integer net, and its export.

A float parameter x is stored as round(x * scale), then clipped to what its
integer type may hold (int16, or [-2^30, 2^30] for the int32 biases, which the
reader enforces). Scales (nnue/README.md, "Network"):

    ft_weights, ft_biases              127        (activations 0..127 stand for 0..1)
    l1/l2/out weights                  64
    l1/l2/out biases                   127 * 64   (the scale of a hidden sum)
"""

import numpy as np
import torch

import contract
import netfile
from data import PADDING_FEATURE


def _quantise(values, scale, low, high, dtype):
    """(integers, clipped count): round(values * scale) clipped to [low, high]."""
    scaled = np.rint(np.asarray(values, dtype=np.float64) * scale)
    clipped = int(np.count_nonzero((scaled < low) | (scaled > high)))
    return np.clip(scaled, low, high).astype(dtype), clipped


def quantise(model):
    """(tensors, clipped): the integer tensors of the contract, and how many values each clipped."""
    with torch.no_grad():
        ft_weight = model.ft.weight.detach().cpu().numpy()
        floats = {
            "ft_weights": (np.delete(ft_weight, PADDING_FEATURE, axis=0), contract.ACTIVATION_SCALE),
            "ft_biases": (model.ft_bias.detach().cpu().numpy(), contract.ACTIVATION_SCALE),
            "l1_weights": (model.l1.weight.detach().cpu().numpy(), contract.WEIGHT_SCALE),
            "l1_biases": (model.l1.bias.detach().cpu().numpy(), contract.OUTPUT_SCALE),
            "l2_weights": (model.l2.weight.detach().cpu().numpy(), contract.WEIGHT_SCALE),
            "l2_biases": (model.l2.bias.detach().cpu().numpy(), contract.OUTPUT_SCALE),
            "out_weights": (model.out.weight.detach().cpu().numpy().reshape(-1), contract.WEIGHT_SCALE),
            "out_bias": (model.out.bias.detach().cpu().numpy(), contract.OUTPUT_SCALE),
        }
    tensors, clipped = {}, {}
    for name, dtype, shape in netfile.TENSORS:
        values, scale = floats[name]
        if dtype == "<i2":
            low, high = contract.INT16_MIN, contract.INT16_MAX
        else:
            low, high = -contract.BIAS32_LIMIT, contract.BIAS32_LIMIT
        tensors[name], clipped[name] = _quantise(values, scale, low, high, np.dtype(dtype))
        assert tensors[name].shape == shape, (name, tensors[name].shape)
    return tensors, clipped


def dequantise(tensors, model):
    """Loads an integer net's tensors into the float model: each parameter becomes integer / scale.

    The inverse of quantise for every value that was not clipped, so training can start from a
    net file (train.py --init-from). Quantising the loaded model gives the same integers back
    while the int32 biases stay below 2^24 (float32's exact range); real nets' are far below.
    """

    def floats(name, scale):
        return torch.from_numpy(np.asarray(tensors[name], dtype=np.float64) / scale).float()

    with torch.no_grad():
        ft_weight = floats("ft_weights", contract.ACTIVATION_SCALE)
        padding_row = torch.zeros(1, ft_weight.shape[1])
        model.ft.weight.copy_(torch.cat([ft_weight[:PADDING_FEATURE], padding_row, ft_weight[PADDING_FEATURE:]]))
        model.ft_bias.copy_(floats("ft_biases", contract.ACTIVATION_SCALE))
        model.l1.weight.copy_(floats("l1_weights", contract.WEIGHT_SCALE))
        model.l1.bias.copy_(floats("l1_biases", contract.OUTPUT_SCALE))
        model.l2.weight.copy_(floats("l2_weights", contract.WEIGHT_SCALE))
        model.l2.bias.copy_(floats("l2_biases", contract.OUTPUT_SCALE))
        model.out.weight.copy_(floats("out_weights", contract.WEIGHT_SCALE).reshape(1, -1))
        model.out.bias.copy_(floats("out_bias", contract.OUTPUT_SCALE))


def export(model, path, edition, description=""):
    """Writes the model's integer net to path. Returns (tensors, clipped, file size in bytes)."""
    tensors, clipped = quantise(model)
    text = description.encode("utf-8")[: contract.DESCRIPTION_LIMIT].decode("utf-8", "ignore")
    size = netfile.write(path, tensors, edition, text)
    return tensors, clipped, size
