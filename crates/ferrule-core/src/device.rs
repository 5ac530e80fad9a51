//! `Device`: where a tensor's memory lives, laid out exactly like DLPack's `DLDevice`.

use std::fmt;

use ferrule_sys::device_type;

use crate::{Error, Result};

/// A device type and ordinal, with the same `#[repr(C)]` layout as DLPack's `DLDevice`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Device {
    /// A DLPack `DLDeviceType` value, e.g. [`Device::KDL_CPU`].
    pub device_type: i32,
    /// The ordinal of the device among those of its type.
    pub device_id: i32,
}

impl Device {
    /// `kDLCPU`.
    pub const KDL_CPU: i32 = device_type::CPU;
    /// `kDLCUDA`.
    pub const KDL_CUDA: i32 = device_type::CUDA;
    /// `kDLCUDAHost`: pinned host memory.
    pub const KDL_CUDA_HOST: i32 = device_type::CUDA_HOST;
    /// `kDLOpenCL`.
    pub const KDL_OPENCL: i32 = device_type::OPENCL;
    /// `kDLVulkan`.
    pub const KDL_VULKAN: i32 = device_type::VULKAN;
    /// `kDLMetal`.
    pub const KDL_METAL: i32 = device_type::METAL;
    /// `kDLVPI`.
    pub const KDL_VPI: i32 = device_type::VPI;
    /// `kDLROCM`.
    pub const KDL_ROCM: i32 = device_type::ROCM;
    /// `kDLROCMHost`: pinned host memory.
    pub const KDL_ROCM_HOST: i32 = device_type::ROCM_HOST;
    /// `kDLExtDev`.
    pub const KDL_EXT_DEV: i32 = device_type::EXT_DEV;
    /// `kDLCUDAManaged`: unified memory.
    pub const KDL_CUDA_MANAGED: i32 = device_type::CUDA_MANAGED;
    /// `kDLOneAPI`.
    pub const KDL_ONEAPI: i32 = device_type::ONEAPI;
    /// `kDLWebGPU`.
    pub const KDL_WEBGPU: i32 = device_type::WEBGPU;
    /// `kDLHexagon`.
    pub const KDL_HEXAGON: i32 = device_type::HEXAGON;
    /// `kDLMAIA`.
    pub const KDL_MAIA: i32 = device_type::MAIA;

    /// The host CPU, `cpu:0`.
    pub const CPU: Device = Device { device_type: Device::KDL_CPU, device_id: 0 };

    /// A device from its DLPack type and ordinal.
    pub const fn new(device_type: i32, device_id: i32) -> Device {
        Device { device_type, device_id }
    }

    /// True for `kDLCPU`.
    #[inline]
    pub const fn is_cpu(self) -> bool {
        self.device_type == Device::KDL_CPU
    }

    /// True when the CPU may read and write this memory directly: CPU, pinned host memory
    /// (CUDA or ROCm) and CUDA managed memory.
    pub const fn is_host_accessible(self) -> bool {
        matches!(
            self.device_type,
            Device::KDL_CPU | Device::KDL_CUDA_HOST | Device::KDL_ROCM_HOST | Device::KDL_CUDA_MANAGED
        )
    }

    /// The lowercase name of the device type (`"cpu"`, `"cuda"`, ...: `ferrule_sys::device_type`),
    /// or `"unknown"`.
    pub fn type_name(self) -> &'static str {
        device_type::name(self.device_type).unwrap_or("unknown")
    }

    /// Parses `"cpu"`, `"cpu:0"`, `"cuda:1"`, ... (a missing ordinal means 0).
    pub fn parse(text: &str) -> Result<Device> {
        let invalid = || Error::value_error(format!("invalid device string: {text:?}"));
        let (name, id) = match text.split_once(':') {
            Some((name, id)) => {
                let digits_only = !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit());
                let id = if digits_only { id.parse::<i32>().ok() } else { None };
                (name, id.ok_or_else(invalid)?)
            }
            None => (text, 0),
        };
        let device_type = device_type::from_name(name).ok_or_else(invalid)?;
        Ok(Device { device_type, device_id: id })
    }
}

impl Default for Device {
    fn default() -> Device {
        Device::CPU
    }
}

/// Formats as `type:id`, e.g. `cpu:0`; unknown types print as `unknown(N):id`.
impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.type_name() {
            "unknown" => write!(f, "unknown({}):{}", self.device_type, self.device_id),
            name => write!(f, "{name}:{}", self.device_id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_matches_dldevice() {
        assert_eq!(std::mem::size_of::<Device>(), 8);
        assert_eq!(std::mem::align_of::<Device>(), 4);
        assert_eq!(std::mem::offset_of!(Device, device_id), 4);
    }

    #[test]
    fn cpu_constant() {
        assert_eq!(Device::CPU, Device::new(1, 0));
        assert!(Device::CPU.is_cpu());
        assert!(!Device::new(Device::KDL_CUDA, 0).is_cpu());
        assert!(Device::new(Device::KDL_CUDA_HOST, 0).is_host_accessible());
        assert!(!Device::new(Device::KDL_CUDA, 0).is_host_accessible());
        assert_eq!(Device::default(), Device::CPU);
    }

    #[test]
    fn display_and_parse_round_trip() {
        assert_eq!(Device::CPU.to_string(), "cpu:0");
        assert_eq!(Device::new(Device::KDL_CUDA, 1).to_string(), "cuda:1");
        assert_eq!(Device::new(99, 2).to_string(), "unknown(99):2");
        for t in device_type::ALL {
            let device = Device::new(t.value, 3);
            assert_eq!(device.type_name(), t.name);
            assert_eq!(Device::parse(&device.to_string()).unwrap(), device);
        }
    }

    #[test]
    fn parse_forms() {
        assert_eq!(Device::parse("cpu").unwrap(), Device::CPU);
        assert_eq!(Device::parse("cpu:0").unwrap(), Device::CPU);
        assert_eq!(Device::parse("cuda:1").unwrap(), Device::new(2, 1));
        assert_eq!(Device::parse("cuda").unwrap(), Device::new(2, 0));
        for bad in ["", "gpu", "cuda:", "cuda:-1", "cuda:x", "CPU", "cuda:1:2", "cuda:+1", "cpu:99999999999"] {
            let err = Device::parse(bad).unwrap_err();
            assert_eq!(err.kind, crate::ErrorKind::ValueError, "{bad}");
        }
    }
}
