#!/usr/bin/env python3
"""An independent check of refresh-dump export's files (make lottie-check installs what it needs).

    lottie-check.py FILE.json WIDTH HEIGHT OUT_DIR FRAME...

Validates FILE.json against the Lottie community's schema (lottie-specs' lottie.schema.json) and
draws each FRAME with ThorVG (thorvg-python, the engine of the dotLottie players) at WIDTH x HEIGHT
pixels, straight RGBA, into OUT_DIR/frame-FRAME.rgba. Prints each schema error with its place in
the file; exits 1 when there is one, 2 when ThorVG cannot load or draw the file.
"""
import json
import sys
import importlib.resources

import jsonschema
import thorvg_python as tvg


def validate(path):
    schema = json.loads((importlib.resources.files("lottie_specs") / "data" / "lottie.schema.json").read_text())
    validator = jsonschema.validators.validator_for(schema)(schema)
    with open(path) as file:
        document = json.load(file)
    errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
    for error in errors:
        place = "/".join(str(part) for part in error.absolute_path) or "(the document)"
        print(f"{path}: {place}: {error.message[:300]}")
    return not errors


def draw(path, width, height, folder, frames):
    engine = tvg.Engine()
    engine.init(1)
    canvas = tvg.SwCanvas(engine)
    if canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888S) != tvg.Result.SUCCESS:
        return f"no {width}x{height} canvas"
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    if picture.load(path) != tvg.Result.SUCCESS:
        return "ThorVG cannot load it"
    picture.set_size(width, height)
    canvas.add(picture)
    for frame in frames:
        if animation.set_frame(float(frame)) not in (tvg.Result.SUCCESS, tvg.Result.INSUFFICIENT_CONDITION):
            return f"ThorVG cannot go to frame {frame}"
        canvas.update()
        if canvas.draw(True) != tvg.Result.SUCCESS or canvas.sync() != tvg.Result.SUCCESS:
            return f"ThorVG cannot draw frame {frame}"
        with open(f"{folder}/frame-{frame}.rgba", "wb") as out:
            out.write(bytes(canvas.buffer_arr))
    return None


def main(arguments):
    if len(arguments) < 5:
        print(__doc__.strip(), file=sys.stderr)
        return 64
    path, width, height, folder, frames = arguments[0], int(arguments[1]), int(arguments[2]), arguments[3], arguments[4:]
    valid = validate(path)
    failure = draw(path, width, height, folder, frames)
    if failure:
        print(f"{path}: {failure}", file=sys.stderr)
        return 2
    return 0 if valid else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
