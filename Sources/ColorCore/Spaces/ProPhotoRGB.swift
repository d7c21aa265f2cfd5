/// ProPhoto RGB (ROMM RGB): D50 white, power 1.8 with a linear toe. Matrices from CSS Color 4 §18.
extension ColorSpace {
    public static let prophotoLinearToXYZD50 = Matrix3([
        [0.79776664490064230, 0.13518129740053308, 0.03134773412839220],
        [0.28807482881940130, 0.71183523424187300, 0.00008993693872564],
        [0.00000000000000000, 0.00000000000000000, 0.82510460251046020],
    ])
    public static let xyzD50ToProphotoLinear = Matrix3([
        [1.34578688164715830, -0.25557208737979464, -0.05110186497554526],
        [-0.54463070512490190, 1.50824774284514680, 0.02052744743642139],
        [0.00000000000000000, 0.00000000000000000, 1.21196754563894520],
    ])

    public static let prophotoRGBLinear = ColorSpace.linear(
        id: .prophotoRGBLinear, name: "Linear ProPhoto RGB", base: .xyzD50, whitePoint: .d50,
        toBase: prophotoLinearToXYZD50, fromBase: xyzD50ToProphotoLinear)

    public static let prophotoRGB = ColorSpace.encodedRGB(
        id: .prophotoRGB, name: "ProPhoto RGB", linear: .prophotoRGBLinear, whitePoint: .d50, transfer: .prophoto)
}
