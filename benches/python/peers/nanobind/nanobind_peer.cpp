// The nanobind peer of benches/python/bench_call.py: the call shapes ferrule's Python calls are
// timed against, written the way a nanobind user writes them (typed arguments, a keyword with a
// default, std::string_view and nb::bytes read in place, an object returned as is).

#include <nanobind/nanobind.h>
#include <nanobind/stl/string_view.h>

#include <cstdint>
#include <string_view>

namespace nb = nanobind;

NB_MODULE(nanobind_peer, m) {
  m.def("nop", []() {});
  m.def("add", [](std::int64_t a, std::int64_t b) {
    std::int64_t sum;
    if (__builtin_add_overflow(a, b, &sum)) {
      throw std::overflow_error("add: the sum does not fit in int64");
    }
    return sum;
  });
  m.def(
      "scale", [](double x, double factor) { return x * factor; }, nb::arg("x"),
      nb::arg("factor") = 2.0);
  m.def("echo", [](nb::object obj) { return obj; });
  m.def("text_len", [](std::string_view s, nb::bytes b) { return s.size() + b.size(); });
}
