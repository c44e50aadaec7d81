package io.sluice.types;

import io.sluice.protocol.WireWriter;
import java.net.InetAddress;

/**
 * inet and cidr as {@link Inet}, macaddr and macaddr8 as {@link MacAddress}. Binary inet/cidr
 * ({@code inet_send}/{@code network_recv} in src/backend/utils/adt/network.c): family byte
 * (PGSQL_AF_INET 2, PGSQL_AF_INET6 3), prefix bits, is_cidr flag, address length (4 or 16), the
 * address. A cidr must have no bits set past its prefix; encoding checks it before the server does.
 * macaddr/macaddr8 ({@code macaddr_send}, {@code macaddr8_send}): the 6 or 8 bytes.
 */
public final class Nets {
  private Nets() {}

  static final int PGSQL_AF_INET = 2;
  static final int PGSQL_AF_INET6 = 3;

  public static final Codec<Inet> INET = new InetCodec("inet", false);
  public static final Codec<Inet> CIDR = new InetCodec("cidr", true);
  public static final Codec<MacAddress> MACADDR = new MacCodec("macaddr", 6);
  /** inet as a bare {@link InetAddress}: encodes a single host, decodes dropping the prefix length. */
  public static final Codec<InetAddress> INET_ADDRESS = new BaseCodec<>("inet", InetAddress.class) {
    @Override
    public InetAddress decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      return INET.decodeBinary(buf, off, len, ctx).address();
    }

    @Override
    public InetAddress decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return INET.decodeText(buf, off, len, ctx).address();
    }

    @Override
    public void encodeBinary(InetAddress value, WireWriter out, TypeContext ctx) {
      INET.encodeBinary(new Inet(value), out, ctx);
    }

    @Override
    public String encodeText(InetAddress value, TypeContext ctx) {
      return INET.encodeText(new Inet(value), ctx);
    }
  };
  public static final Codec<MacAddress> MACADDR8 = new MacCodec("macaddr8", 8);

  private static final class InetCodec extends BaseCodec<Inet> {
    private final boolean cidr;

    InetCodec(String name, boolean cidr) {
      super(name, Inet.class);
      this.cidr = cidr;
    }

    @Override
    public Inet decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      if (len < 4) {
        throw badBinary(len + " bytes");
      }
      int family = buf[off];
      int bits = buf[off + 1] & 0xFF;
      int nb = buf[off + 3];
      int want = family == PGSQL_AF_INET ? 4 : family == PGSQL_AF_INET6 ? 16 : -1;
      if (want < 0 || nb != want || len != 4 + nb || bits > 8 * nb) {
        throw badBinary("family " + family + ", " + bits + " bits, " + nb + " address bytes in " + len + " bytes");
      }
      byte[] addr = new byte[nb];
      System.arraycopy(buf, off + 4, addr, 0, nb);
      return new Inet(Inet.address(addr), bits);
    }

    @Override
    public Inet decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      return Inet.parse(new TextCursor(name(), buf, off, len));
    }

    @Override
    public void encodeBinary(Inet value, WireWriter out, TypeContext ctx) {
      byte[] addr = check(value);
      out.int8(addr.length == 4 ? PGSQL_AF_INET : PGSQL_AF_INET6).int8(value.prefixLength()).int8(cidr ? 1 : 0)
          .int8(addr.length).bytes(addr);
    }

    @Override
    public String encodeText(Inet value, TypeContext ctx) {
      check(value);
      // as inet_out/cidr_out print: cidr always with its prefix, inet without it for a single host
      return cidr ? Inet.addressText(value.address()) + "/" + value.prefixLength() : value.toString();
    }

    private byte[] check(Inet value) {
      byte[] addr = value.address().getAddress();
      if (cidr) {
        for (int bit = value.prefixLength(); bit < addr.length * 8; bit++) {
          if ((addr[bit >> 3] & (0x80 >> (bit & 7))) != 0) {
            throw new CodecException("cidr: " + value + " has bits set to the right of the prefix length");
          }
        }
      }
      return addr;
    }
  }

  private static final class MacCodec extends BaseCodec<MacAddress> {
    private final int size;

    MacCodec(String name, int size) {
      super(name, MacAddress.class);
      this.size = size;
    }

    @Override
    public MacAddress decodeBinary(byte[] buf, int off, int len, TypeContext ctx) {
      expectLength(len, size);
      byte[] b = new byte[size];
      System.arraycopy(buf, off, b, 0, size);
      return new MacAddress(b);
    }

    @Override
    public MacAddress decodeText(byte[] buf, int off, int len, TypeContext ctx) {
      if (len != size * 3 - 1) {
        throw badText(buf, off, len);
      }
      byte[] b = new byte[size];
      for (int i = 0; i < size; i++) {
        int p = off + 3 * i;
        int hi = Character.digit(buf[p], 16);
        int lo = Character.digit(buf[p + 1], 16);
        if (hi < 0 || lo < 0 || (i > 0 && buf[p - 1] != ':' && buf[p - 1] != '-')) {
          throw badText(buf, off, len);
        }
        b[i] = (byte) ((hi << 4) | lo);
      }
      return new MacAddress(b);
    }

    @Override
    public void encodeBinary(MacAddress value, WireWriter out, TypeContext ctx) {
      check(value);
      for (int i = 0; i < size; i++) {
        out.int8(value.at(i));
      }
    }

    @Override
    public String encodeText(MacAddress value, TypeContext ctx) {
      check(value);
      return value.toString();
    }

    private void check(MacAddress value) {
      if (value.length() != size) {
        throw new CodecException(name() + " has " + size + " bytes, not " + value.length());
      }
    }
  }
}
