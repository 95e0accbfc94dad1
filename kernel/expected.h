// A value or a one-line error message: what parsers of user input return.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace leiser::kernel {

struct Error {
  std::string message;
};

template <class T>
class Expected {
 public:
  Expected(T value) : state_(std::move(value)) {}      // NOLINT: implicit by design
  Expected(Error error) : state_(std::move(error)) {}  // NOLINT: implicit by design

  bool has_value() const { return state_.index() == 0; }
  explicit operator bool() const { return has_value(); }
  const T& value() const { return std::get<0>(state_); }
  T& value() { return std::get<0>(state_); }
  const T& operator*() const { return value(); }
  const T* operator->() const { return &value(); }
  const std::string& error() const { return std::get<1>(state_).message; }

 private:
  std::variant<T, Error> state_;
};

}  // namespace leiser::kernel
