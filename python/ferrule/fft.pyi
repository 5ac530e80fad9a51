"""ferrule.fft: the Array API ``fft`` extension (the ``ops.fft.*`` operators)."""

from ._ops import fft_fft as fft
from ._ops import fft_fftfreq as fftfreq
from ._ops import fft_fftn as fftn
from ._ops import fft_fftshift as fftshift
from ._ops import fft_hfft as hfft
from ._ops import fft_ifft as ifft
from ._ops import fft_ifftn as ifftn
from ._ops import fft_ifftshift as ifftshift
from ._ops import fft_ihfft as ihfft
from ._ops import fft_irfft as irfft
from ._ops import fft_irfftn as irfftn
from ._ops import fft_rfft as rfft
from ._ops import fft_rfftfreq as rfftfreq
from ._ops import fft_rfftn as rfftn

__all__ = [
    "fft",
    "fftfreq",
    "fftn",
    "fftshift",
    "hfft",
    "ifft",
    "ifftn",
    "ifftshift",
    "ihfft",
    "irfft",
    "irfftn",
    "rfft",
    "rfftfreq",
    "rfftn",
]
