#include "commands/gendata_command.h"

#include "datagen/gendata.h"

namespace leiser::commands {

int run_gendata_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                        const core::GendataProgressFn& on_progress) {
  return datagen::run_gendata(args, out, err, on_progress);
}

}  // namespace leiser::commands
