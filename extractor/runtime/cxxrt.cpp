// The part of libstdc++ that lives in its shared library, for the model.
//
// mpi-extract compiles this file with every C++ program and links it in
// before lifting (extractor/src/compile.rs). With libstdc++'s extern
// templates off, the templates a program uses are instantiated from the
// headers into the program; what remains are the functions libstdc++
// compiles into libstdc++.so only. The iostreams are those that matter:
// their real formatting goes through locale facets built by the library's
// start-up code. Here the streams keep libstdc++'s own layout and inline
// code (flags, width, precision, fill, state), and the functions that
// format and transfer characters are explicit specializations that format
// with the C library (printf's conversions, as the "C" locale's num_put
// does) and write with fwrite to stdout or stderr, or into a string
// stream's string. What a stream prints is output, like printf.
//
// Nothing here is called by the checker: it is C++ the model runs, so a
// bad pointer handed to a stream is a memory error like any other.

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <functional>
#include <ios>
#include <istream>
#include <list>
#include <map>
#include <new>
#include <ostream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <unordered_map>

// ----- file streams (<fstream>) -----
//
// A std::filebuf holds a C stream (libstdc++'s __basic_file<char>, which
// lives in its shared library, over fopen/fwrite/fclose): output is
// written to it with fwrite like the standard streams; a file opened for
// reading is read whole at open into the filebuf's external buffer, and
// the formatted input below reads it as it reads a string stream. The
// codecvt and locale parts of a filebuf are not used ("C" locale).

std::__basic_file<char>::__basic_file(__c_lock *) throw() : _M_cfile(0), _M_cfile_created(false) {}
std::__basic_file<char>::~__basic_file() { close(); }

std::__basic_file<char> *std::__basic_file<char>::open(const char *name,
                                                       std::ios_base::openmode mode, int) {
    if (is_open())
        return 0;
    bool in = mode & std::ios_base::in, out = mode & std::ios_base::out;
    bool trunc = mode & std::ios_base::trunc, app = mode & std::ios_base::app;
    // The modes of C++17 [filebuf.members] Table 117.
    const char *how = 0;
    if (app)
        how = in ? "a+" : "a";
    else if (in && out)
        how = trunc ? "w+" : "r+";
    else if (out)
        how = "w";
    else if (in)
        how = "r";
    if (!how)
        return 0;
    _M_cfile = std::fopen(name, how);
    if (!_M_cfile)
        return 0;
    _M_cfile_created = true;
    return this;
}

std::__basic_file<char> *std::__basic_file<char>::close() {
    if (!_M_cfile)
        return 0;
    int failed = _M_cfile_created ? std::fclose(_M_cfile) : 0;
    _M_cfile = 0;
    _M_cfile_created = false;
    return failed ? 0 : this;
}

bool std::__basic_file<char>::is_open() const throw() { return _M_cfile != 0; }
std::__c_file *std::__basic_file<char>::file() throw() { return _M_cfile; }

template <>
std::filebuf::basic_filebuf()
    : __streambuf_type(), _M_lock(), _M_file(&_M_lock), _M_mode(std::ios_base::openmode(0)),
      _M_state_beg(), _M_state_cur(), _M_state_last(), _M_buf(0), _M_buf_size(BUFSIZ),
      _M_buf_allocated(false), _M_reading(false), _M_writing(false), _M_pback(),
      _M_pback_cur_save(0), _M_pback_end_save(0), _M_pback_init(false), _M_codecvt(0),
      _M_ext_buf(0), _M_ext_buf_size(0), _M_ext_next(0), _M_ext_end(0) {}

template <> std::filebuf *std::filebuf::open(const char *name, std::ios_base::openmode mode) {
    if (!_M_file.open(name, mode))
        return 0;
    _M_mode = mode;
    if (mode & std::ios_base::in) {
        // The whole file, NUL-terminated; `_M_ext_next` is where the next
        // read starts.
        std::size_t size = 0, capacity = 256;
        char *text = static_cast<char *>(std::malloc(capacity));
        std::size_t got;
        while (text && (got = std::fread(text + size, 1, capacity - 1 - size, _M_file.file())) > 0) {
            size += got;
            if (capacity - 1 - size == 0) {
                capacity *= 2;
                text = static_cast<char *>(std::realloc(text, capacity));
            }
        }
        if (text)
            text[size] = 0;
        _M_ext_buf = text;
        _M_ext_buf_size = (std::streamsize)size;
        _M_ext_next = text;
    }
    return this;
}

template <> std::filebuf *std::filebuf::close() {
    std::free(_M_ext_buf);
    _M_ext_buf = 0;
    _M_ext_next = 0;
    _M_ext_buf_size = 0;
    _M_mode = std::ios_base::openmode(0);
    return _M_file.close() ? this : 0;
}

namespace {

struct FileBufAccess : std::filebuf {
    static std::filebuf *of(std::streambuf *sb) { return static_cast<std::filebuf *>(sb); }
    static std::FILE *file(std::streambuf *sb) {
        return static_cast<FileBufAccess *>(of(sb))->_M_file.file();
    }
    static const char *unread(std::streambuf *sb) {
        const char *next = static_cast<FileBufAccess *>(of(sb))->_M_ext_next;
        return next ? next : "";
    }
    static void consume(std::streambuf *sb, std::size_t n) {
        FileBufAccess *fb = static_cast<FileBufAccess *>(of(sb));
        if (fb->_M_ext_next)
            fb->_M_ext_next += n;
    }
};

// The vtable pointer of a std::filebuf.
const void *filebuf_vptr() {
    static std::filebuf probe;
    const void *v;
    std::memcpy(&v, static_cast<const void *>(&probe), sizeof v);
    return v;
}

bool is_filebuf(std::streambuf *sb) {
    const void *v;
    std::memcpy(&v, static_cast<const void *>(sb), sizeof v);
    return v == filebuf_vptr();
}

} // namespace

namespace {

// What the standard streams' buffers are: objects whose addresses tell
// the streams apart. Nothing reads them.
struct StandardBuffer {
    int fd;
};
StandardBuffer stdin_buffer{0}, stdout_buffer{1}, stderr_buffer{2};

std::streambuf *buffer_of(StandardBuffer &b) { return reinterpret_cast<std::streambuf *>(&b); }

// Access to a string buffer's string (a protected member).
struct StringBufAccess : std::stringbuf {
    static std::string &text(std::streambuf *sb) {
        return static_cast<StringBufAccess *>(static_cast<std::stringbuf *>(sb))->_M_string;
    }
    // Where the next read starts, kept in the get area's cursor as an
    // offset into the string (the get area itself is not used: see
    // `_M_sync`), so that a new string stream starts at 0.
    static std::size_t read_at(std::streambuf *sb) {
        return reinterpret_cast<std::uintptr_t>(static_cast<StringBufAccess *>(sb)->_M_in_cur);
    }
    static void set_read_at(std::streambuf *sb, std::size_t at) {
        static_cast<StringBufAccess *>(sb)->_M_in_cur = reinterpret_cast<char *>(at);
    }
};

// The vtable pointer of a std::stringbuf (the first word of one).
const void *stringbuf_vptr() {
    static std::stringbuf probe;
    const void *v;
    std::memcpy(&v, static_cast<const void *>(&probe), sizeof v);
    return v;
}

bool is_stringbuf(std::streambuf *sb) {
    const void *v;
    std::memcpy(&v, static_cast<const void *>(sb), sizeof v);
    return v == stringbuf_vptr();
}

// Writes n characters to the stream's destination.
void emit(std::ostream &os, const char *p, std::streamsize n) {
    std::streambuf *sb = os.rdbuf();
    if (!sb) {
        os.setstate(std::ios_base::badbit);
    } else if (sb == buffer_of(stdout_buffer)) {
        std::fwrite(p, 1, n, stdout);
    } else if (sb == buffer_of(stderr_buffer)) {
        std::fwrite(p, 1, n, stderr);
    } else if (is_stringbuf(sb)) {
        StringBufAccess::text(sb).append(p, n);
    } else if (is_filebuf(sb)) {
        std::FILE *f = FileBufAccess::file(sb);
        if (!f || std::fwrite(p, 1, n, f) != (std::size_t)n)
            os.setstate(std::ios_base::badbit);
    } else if (sb->sputn(p, n) != n) {
        os.setstate(std::ios_base::badbit);
    }
}

// Writes text padded to the stream's width with its fill, as the
// formatted output functions do ([ostream.formatted.reqmts]), and resets
// the width.
void emit_padded(std::ostream &os, const char *p, std::streamsize n, bool numeric) {
    std::streamsize width = os.width();
    os.width(0);
    if (width <= n) {
        emit(os, p, n);
        return;
    }
    std::streamsize pad = width - n;
    char fill = os.fill();
    std::ios_base::fmtflags adjust = os.flags() & std::ios_base::adjustfield;
    std::streamsize sign = 0;
    if (adjust == std::ios_base::internal && numeric && n > 0 && (p[0] == '-' || p[0] == '+'))
        sign = 1;
    if (adjust == std::ios_base::left) {
        emit(os, p, n);
        for (std::streamsize i = 0; i < pad; ++i)
            emit(os, &fill, 1);
        return;
    }
    emit(os, p, sign);
    for (std::streamsize i = 0; i < pad; ++i)
        emit(os, &fill, 1);
    emit(os, p + sign, n - sign);
}

// printf's conversion for an integer in the stream's base and flags.
void format_integer(std::ostream &os, char *buf, std::size_t size, bool is_signed,
                    unsigned long long bits) {
    std::ios_base::fmtflags f = os.flags();
    std::ios_base::fmtflags base = f & std::ios_base::basefield;
    char spec[8];
    int k = 0;
    spec[k++] = '%';
    if ((f & std::ios_base::showbase) && base != std::ios_base::dec && base)
        spec[k++] = '#';
    if ((f & std::ios_base::showpos) && is_signed && (base == std::ios_base::dec || !base))
        spec[k++] = '+';
    spec[k++] = 'l';
    spec[k++] = 'l';
    if (base == std::ios_base::hex)
        spec[k++] = (f & std::ios_base::uppercase) ? 'X' : 'x';
    else if (base == std::ios_base::oct)
        spec[k++] = 'o';
    else
        spec[k++] = is_signed ? 'd' : 'u';
    spec[k] = 0;
    if (is_signed && (base == std::ios_base::dec || !base))
        std::snprintf(buf, size, spec, (long long)bits);
    else
        std::snprintf(buf, size, spec, bits);
}

template <typename T> std::ostream &insert_integer(std::ostream &os, T v, bool is_signed) {
    char buf[80];
    format_integer(os, buf, sizeof buf, is_signed, (unsigned long long)v);
    emit_padded(os, buf, (std::streamsize)std::strlen(buf), true);
    return os;
}

std::ostream &insert_floating(std::ostream &os, double v) {
    std::ios_base::fmtflags f = os.flags();
    std::ios_base::fmtflags field = f & std::ios_base::floatfield;
    bool upper = (f & std::ios_base::uppercase) != 0;
    char spec[12];
    int k = 0;
    spec[k++] = '%';
    if (f & std::ios_base::showpos)
        spec[k++] = '+';
    if (f & std::ios_base::showpoint)
        spec[k++] = '#';
    bool precise = field != (std::ios_base::fixed | std::ios_base::scientific);
    if (precise) {
        spec[k++] = '.';
        spec[k++] = '*';
    }
    if (field == std::ios_base::fixed)
        spec[k++] = upper ? 'F' : 'f';
    else if (field == std::ios_base::scientific)
        spec[k++] = upper ? 'E' : 'e';
    else if (field == (std::ios_base::fixed | std::ios_base::scientific))
        spec[k++] = upper ? 'A' : 'a';
    else
        spec[k++] = upper ? 'G' : 'g';
    spec[k] = 0;
    // [facet.num.put.virtuals]: a precision of 0 means 6 in general form
    // only through printf's own rule (%.0g prints one digit).
    int precision = (int)os.precision();
    char buf[400];
    if (precise)
        std::snprintf(buf, sizeof buf, spec, precision, v);
    else
        std::snprintf(buf, sizeof buf, spec, v);
    emit_padded(os, buf, (std::streamsize)std::strlen(buf), true);
    return os;
}

// The text of a string stream from its read position on.
const char *unread(std::streambuf *sb) {
    if (is_filebuf(sb))
        return FileBufAccess::unread(sb);
    std::string &text = StringBufAccess::text(sb);
    std::size_t pos = StringBufAccess::read_at(sb);
    if (pos > text.size())
        pos = text.size();
    return text.c_str() + pos;
}

// Moves a string stream's read position `n` characters on.
void consume(std::streambuf *sb, std::size_t n) {
    if (is_filebuf(sb))
        return FileBufAccess::consume(sb, n);
    StringBufAccess::set_read_at(sb, StringBufAccess::read_at(sb) + n);
}

bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// Reads one number from the stream with strtol/strtoull/strtod's syntax
// (what num_get accepts in the "C" locale), after white space when skipws
// is set. Sets failbit when no number is there, eofbit at the end.
template <typename Parse> std::istream &extract(std::istream &is, Parse parse) {
    std::streambuf *sb = is.rdbuf();
    if (!is.good()) {
        is.setstate(std::ios_base::failbit);
        return is;
    }
    if (sb == buffer_of(stdin_buffer)) {
        // Standard input through the C library's stream.
        char word[512];
        int n = std::scanf("%511s", word);
        if (n != 1) {
            is.setstate(std::ios_base::failbit | std::ios_base::eofbit);
            return is;
        }
        char *end = word;
        if (!parse(word, &end) || *end)
            is.setstate(std::ios_base::failbit);
        return is;
    }
    if (!sb || !(is_stringbuf(sb) || is_filebuf(sb))) {
        is.setstate(std::ios_base::badbit);
        return is;
    }
    const char *s = unread(sb);
    const char *start = s;
    if (is.flags() & std::ios_base::skipws)
        while (is_space(*s))
            ++s;
    if (!*s) {
        consume(sb, s - start);
        is.setstate(std::ios_base::failbit | std::ios_base::eofbit);
        return is;
    }
    char *end = const_cast<char *>(s);
    if (!parse(s, &end) || end == s) {
        is.setstate(std::ios_base::failbit);
        return is;
    }
    consume(sb, end - start);
    if (!*end)
        is.setstate(std::ios_base::eofbit);
    return is;
}

template <typename T> std::istream &extract_signed(std::istream &is, T &v) {
    return extract(is, [&](const char *s, char **end) {
        errno = 0;
        long long x = std::strtoll(s, end, 10);
        if (errno)
            return false;
        v = (T)x;
        return (long long)v == x;
    });
}

template <typename T> std::istream &extract_unsigned(std::istream &is, T &v) {
    return extract(is, [&](const char *s, char **end) {
        errno = 0;
        unsigned long long x = std::strtoull(s, end, 10);
        if (errno)
            return false;
        v = (T)x;
        return (unsigned long long)v == x;
    });
}

template <typename T> std::istream &extract_floating(std::istream &is, T &v) {
    return extract(is, [&](const char *s, char **end) {
        v = (T)std::strtod(s, end);
        return true;
    });
}

bool streams_made;

} // namespace

// The standard streams' storage (the program's `std::cout` and the others
// by their mangled names), constructed by the first ios_base::Init, as
// libstdc++ does, so that a program's static objects may use them.
alignas(std::ostream) unsigned char cout_storage[sizeof(std::ostream)] __asm__("_ZSt4cout");
alignas(std::ostream) unsigned char cerr_storage[sizeof(std::ostream)] __asm__("_ZSt4cerr");
alignas(std::ostream) unsigned char clog_storage[sizeof(std::ostream)] __asm__("_ZSt4clog");
alignas(std::istream) unsigned char cin_storage[sizeof(std::istream)] __asm__("_ZSt3cin");

// ----- locale: one, the "C" locale, which nothing looks inside -----

std::locale::locale() throw() : _M_impl(0) {}
std::locale::locale(const locale &other) throw() : _M_impl(other._M_impl) {}
std::locale::~locale() throw() {}
const std::locale &std::locale::operator=(const locale &other) throw() {
    _M_impl = other._M_impl;
    return *this;
}

// ----- ios_base -----

std::ios_base::ios_base() throw()
    : _M_precision(6), _M_width(0), _M_flags(skipws | dec), _M_exception(goodbit),
      _M_streambuf_state(goodbit), _M_callbacks(0), _M_word_zero(),
      _M_word_size(_S_local_word_size), _M_word(_M_local_word), _M_ios_locale() {}

std::ios_base::~ios_base() {}

bool std::ios_base::sync_with_stdio(bool) { return true; }

std::ios_base::Init::Init() {
    if (streams_made)
        return;
    streams_made = true;
    std::ostream *out = new (cout_storage) std::ostream(buffer_of(stdout_buffer));
    std::ostream *err = new (cerr_storage) std::ostream(buffer_of(stderr_buffer));
    new (clog_storage) std::ostream(buffer_of(stderr_buffer));
    std::istream *in = new (cin_storage) std::istream(buffer_of(stdin_buffer));
    in->tie(out);
    err->setf(std::ios_base::unitbuf);
    err->tie(out);
}

std::ios_base::Init::~Init() {}

// ----- basic_ios<char> -----

// [basic.ios.cons]: the initial state of a stream, without the locale's
// facets (the functions below format without them).
template <> void std::basic_ios<char>::init(std::streambuf *sb) {
    _M_precision = 6;
    _M_width = 0;
    _M_flags = skipws | dec;
    _M_exception = goodbit;
    _M_streambuf_state = sb ? goodbit : badbit;
    _M_tie = 0;
    _M_fill = ' ';
    _M_fill_init = true;
    _M_streambuf = sb;
    _M_ctype = 0;
    _M_num_put = 0;
    _M_num_get = 0;
}

template <> char std::basic_ios<char>::widen(char c) const { return c; }
template <> char std::basic_ios<char>::narrow(char c, char) const { return c; }

// A string buffer keeps its characters in its string only (no put or get
// area: `emit` appends, `extract` reads from a position).
template <>
void std::basic_stringbuf<char>::_M_sync(char *, std::basic_stringbuf<char>::__size_type,
                                          std::basic_stringbuf<char>::__size_type) {}

// ----- output -----

template <>
std::ostream &std::__ostream_insert<char, std::char_traits<char>>(std::ostream &os,
                                                                   const char *s,
                                                                   std::streamsize n) {
    emit_padded(os, s, n, false);
    return os;
}

template <> template <> std::ostream &std::ostream::_M_insert<long>(long v) {
    return insert_integer(*this, v, true);
}
template <> template <> std::ostream &std::ostream::_M_insert<unsigned long>(unsigned long v) {
    return insert_integer(*this, v, false);
}
template <> template <> std::ostream &std::ostream::_M_insert<long long>(long long v) {
    return insert_integer(*this, v, true);
}
template <>
template <>
std::ostream &std::ostream::_M_insert<unsigned long long>(unsigned long long v) {
    return insert_integer(*this, v, false);
}
template <> template <> std::ostream &std::ostream::_M_insert<bool>(bool v) {
    if (flags() & std::ios_base::boolalpha) {
        const char *s = v ? "true" : "false";
        emit_padded(*this, s, (std::streamsize)std::strlen(s), false);
        return *this;
    }
    return insert_integer(*this, (long)v, true);
}
template <> template <> std::ostream &std::ostream::_M_insert<double>(double v) {
    return insert_floating(*this, v);
}
template <> template <> std::ostream &std::ostream::_M_insert<long double>(long double v) {
    return insert_floating(*this, (double)v);
}
template <> template <> std::ostream &std::ostream::_M_insert<const void *>(const void *v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%p", v);
    emit_padded(*this, buf, (std::streamsize)std::strlen(buf), true);
    return *this;
}

template <> std::ostream &std::ostream::put(char c) {
    emit(*this, &c, 1);
    return *this;
}

template <> std::ostream &std::ostream::write(const char *s, std::streamsize n) {
    emit(*this, s, n);
    return *this;
}

template <> std::ostream &std::ostream::flush() {
    std::streambuf *sb = rdbuf();
    if (sb == buffer_of(stdout_buffer))
        std::fflush(stdout);
    else if (sb == buffer_of(stderr_buffer))
        std::fflush(stderr);
    else if (sb && is_filebuf(sb) && FileBufAccess::file(sb))
        std::fflush(FileBufAccess::file(sb));
    return *this;
}

template <> std::ostream &std::endl<char, std::char_traits<char>>(std::ostream &os) {
    os.put('\n');
    return os.flush();
}

template <> std::ostream &std::flush<char, std::char_traits<char>>(std::ostream &os) {
    return os.flush();
}

template <> std::ostream &std::ends<char, std::char_traits<char>>(std::ostream &os) {
    return os.put('\0');
}

// ----- input -----

template <> template <> std::istream &std::istream::_M_extract<long>(long &v) {
    return extract_signed(*this, v);
}
template <> template <> std::istream &std::istream::_M_extract<unsigned long>(unsigned long &v) {
    return extract_unsigned(*this, v);
}
template <> template <> std::istream &std::istream::_M_extract<long long>(long long &v) {
    return extract_signed(*this, v);
}
template <>
template <>
std::istream &std::istream::_M_extract<unsigned long long>(unsigned long long &v) {
    return extract_unsigned(*this, v);
}
template <> template <> std::istream &std::istream::_M_extract<unsigned int>(unsigned int &v) {
    return extract_unsigned(*this, v);
}
template <> template <> std::istream &std::istream::_M_extract<unsigned short>(unsigned short &v) {
    return extract_unsigned(*this, v);
}
template <> template <> std::istream &std::istream::_M_extract<bool>(bool &v) {
    long x = 0;
    extract_signed(*this, x);
    if (!fail()) {
        if (x == 0 || x == 1)
            v = x != 0;
        else
            setstate(std::ios_base::failbit);
    }
    return *this;
}
template <> template <> std::istream &std::istream::_M_extract<double>(double &v) {
    return extract_floating(*this, v);
}
template <> template <> std::istream &std::istream::_M_extract<float>(float &v) {
    return extract_floating(*this, v);
}
template <> template <> std::istream &std::istream::_M_extract<long double>(long double &v) {
    return extract_floating(*this, v);
}

// `is >> int` and `is >> short` (istream.tcc) read a long through the
// locale's num_get and range-check it.
template <> std::istream &std::istream::operator>>(int &v) { return extract_signed(*this, v); }
template <> std::istream &std::istream::operator>>(short &v) { return extract_signed(*this, v); }

template <>
std::istream &std::operator>>(std::istream &is, std::string &s) {
    std::streambuf *sb = is.rdbuf();
    if (!is.good()) {
        is.setstate(std::ios_base::failbit);
        return is;
    }
    if (sb == buffer_of(stdin_buffer)) {
        char word[4096];
        if (std::scanf("%4095s", word) != 1) {
            is.setstate(std::ios_base::failbit | std::ios_base::eofbit);
            return is;
        }
        s.assign(word);
        return is;
    }
    if (!sb || !(is_stringbuf(sb) || is_filebuf(sb))) {
        is.setstate(std::ios_base::badbit);
        return is;
    }
    const char *p = unread(sb);
    const char *start = p;
    while (is_space(*p))
        ++p;
    const char *word = p;
    while (*p && !is_space(*p))
        ++p;
    consume(sb, p - start);
    if (p == word) {
        is.setstate(std::ios_base::failbit | std::ios_base::eofbit);
        return is;
    }
    s.assign(word, p - word);
    if (!*p)
        is.setstate(std::ios_base::eofbit);
    return is;
}

template <>
std::istream &std::getline(std::istream &is, std::string &s, char delim) {
    std::streambuf *sb = is.rdbuf();
    if (!is.good()) {
        is.setstate(std::ios_base::failbit);
        return is;
    }
    if (sb == buffer_of(stdin_buffer)) {
        s.clear();
        int c;
        bool any = false;
        while ((c = std::fgetc(stdin)) != EOF) {
            any = true;
            if (c == (unsigned char)delim)
                return is;
            s.push_back((char)c);
        }
        is.setstate(any ? std::ios_base::eofbit
                        : std::ios_base::failbit | std::ios_base::eofbit);
        return is;
    }
    if (!sb || !(is_stringbuf(sb) || is_filebuf(sb))) {
        is.setstate(std::ios_base::badbit);
        return is;
    }
    const char *p = unread(sb);
    if (!*p) {
        is.setstate(std::ios_base::failbit | std::ios_base::eofbit);
        return is;
    }
    const char *line = p;
    while (*p && *p != delim)
        ++p;
    s.assign(line, p - line);
    if (*p) {
        consume(sb, p - line + 1);
    } else {
        consume(sb, p - line);
        is.setstate(std::ios_base::eofbit);
    }
    return is;
}

// ----- the red-black tree of std::map and std::set (stl_tree.h) -----
//
// The node links and colors are the header's; the algorithms are the
// textbook ones (insertion and deletion fix-ups of a red-black tree, with
// the header node keeping the root, the leftmost and the rightmost node).

namespace {

using Node = std::_Rb_tree_node_base;

bool rb_is_red(Node *x) { return x && x->_M_color == std::_S_red; }

void rb_rotate_left(Node *x, Node *&root) {
    Node *y = x->_M_right;
    x->_M_right = y->_M_left;
    if (y->_M_left)
        y->_M_left->_M_parent = x;
    y->_M_parent = x->_M_parent;
    if (x == root)
        root = y;
    else if (x == x->_M_parent->_M_left)
        x->_M_parent->_M_left = y;
    else
        x->_M_parent->_M_right = y;
    y->_M_left = x;
    x->_M_parent = y;
}

void rb_rotate_right(Node *x, Node *&root) {
    Node *y = x->_M_left;
    x->_M_left = y->_M_right;
    if (y->_M_right)
        y->_M_right->_M_parent = x;
    y->_M_parent = x->_M_parent;
    if (x == root)
        root = y;
    else if (x == x->_M_parent->_M_right)
        x->_M_parent->_M_right = y;
    else
        x->_M_parent->_M_left = y;
    y->_M_right = x;
    x->_M_parent = y;
}

Node *rb_minimum(Node *x) {
    while (x->_M_left)
        x = x->_M_left;
    return x;
}

Node *rb_maximum(Node *x) {
    while (x->_M_right)
        x = x->_M_right;
    return x;
}

Node *rb_next(Node *x) {
    if (x->_M_right)
        return rb_minimum(x->_M_right);
    Node *y = x->_M_parent;
    while (x == y->_M_right) {
        x = y;
        y = y->_M_parent;
    }
    // At the root of a tree whose header is its parent, x->_M_right is y.
    return x->_M_right != y ? y : x;
}

Node *rb_previous(Node *x) {
    // The header (red, its parent's parent itself) steps to the rightmost.
    if (x->_M_color == std::_S_red && x->_M_parent->_M_parent == x)
        return x->_M_right;
    if (x->_M_left)
        return rb_maximum(x->_M_left);
    Node *y = x->_M_parent;
    while (x == y->_M_left) {
        x = y;
        y = y->_M_parent;
    }
    return y;
}

} // namespace

std::_Rb_tree_node_base *std::_Rb_tree_increment(std::_Rb_tree_node_base *x) throw() {
    return rb_next(x);
}
const std::_Rb_tree_node_base *
std::_Rb_tree_increment(const std::_Rb_tree_node_base *x) throw() {
    return rb_next(const_cast<Node *>(x));
}
std::_Rb_tree_node_base *std::_Rb_tree_decrement(std::_Rb_tree_node_base *x) throw() {
    return rb_previous(x);
}
const std::_Rb_tree_node_base *
std::_Rb_tree_decrement(const std::_Rb_tree_node_base *x) throw() {
    return rb_previous(const_cast<Node *>(x));
}

void std::_Rb_tree_insert_and_rebalance(const bool insert_left, std::_Rb_tree_node_base *x,
                                        std::_Rb_tree_node_base *p,
                                        std::_Rb_tree_node_base &header) throw() {
    Node *&root = header._M_parent;
    x->_M_parent = p;
    x->_M_left = 0;
    x->_M_right = 0;
    x->_M_color = std::_S_red;
    if (insert_left) {
        p->_M_left = x;
        if (p == &header) {
            header._M_parent = x;
            header._M_right = x;
        } else if (p == header._M_left) {
            header._M_left = x;
        }
    } else {
        p->_M_right = x;
        if (p == header._M_right)
            header._M_right = x;
    }
    while (x != root && rb_is_red(x->_M_parent)) {
        Node *grand = x->_M_parent->_M_parent;
        if (x->_M_parent == grand->_M_left) {
            Node *uncle = grand->_M_right;
            if (rb_is_red(uncle)) {
                x->_M_parent->_M_color = std::_S_black;
                uncle->_M_color = std::_S_black;
                grand->_M_color = std::_S_red;
                x = grand;
            } else {
                if (x == x->_M_parent->_M_right) {
                    x = x->_M_parent;
                    rb_rotate_left(x, root);
                }
                x->_M_parent->_M_color = std::_S_black;
                grand->_M_color = std::_S_red;
                rb_rotate_right(grand, root);
            }
        } else {
            Node *uncle = grand->_M_left;
            if (rb_is_red(uncle)) {
                x->_M_parent->_M_color = std::_S_black;
                uncle->_M_color = std::_S_black;
                grand->_M_color = std::_S_red;
                x = grand;
            } else {
                if (x == x->_M_parent->_M_left) {
                    x = x->_M_parent;
                    rb_rotate_right(x, root);
                }
                x->_M_parent->_M_color = std::_S_black;
                grand->_M_color = std::_S_red;
                rb_rotate_left(grand, root);
            }
        }
    }
    root->_M_color = std::_S_black;
}

std::_Rb_tree_node_base *std::_Rb_tree_rebalance_for_erase(std::_Rb_tree_node_base *const z,
                                                            std::_Rb_tree_node_base &header) throw() {
    Node *&root = header._M_parent;
    Node *&leftmost = header._M_left;
    Node *&rightmost = header._M_right;
    Node *y = z;
    Node *x = 0;
    Node *x_parent = 0;
    if (!y->_M_left) {
        x = y->_M_right;
    } else if (!y->_M_right) {
        x = y->_M_left;
    } else {
        y = rb_minimum(y->_M_right);
        x = y->_M_right;
    }
    if (y != z) {
        // z has two children: its successor y takes its place.
        z->_M_left->_M_parent = y;
        y->_M_left = z->_M_left;
        if (y != z->_M_right) {
            x_parent = y->_M_parent;
            if (x)
                x->_M_parent = y->_M_parent;
            y->_M_parent->_M_left = x;
            y->_M_right = z->_M_right;
            z->_M_right->_M_parent = y;
        } else {
            x_parent = y;
        }
        if (root == z)
            root = y;
        else if (z->_M_parent->_M_left == z)
            z->_M_parent->_M_left = y;
        else
            z->_M_parent->_M_right = y;
        y->_M_parent = z->_M_parent;
        std::_Rb_tree_color c = y->_M_color;
        y->_M_color = z->_M_color;
        z->_M_color = c;
        y = z;
    } else {
        x_parent = y->_M_parent;
        if (x)
            x->_M_parent = y->_M_parent;
        if (root == z)
            root = x;
        else if (z->_M_parent->_M_left == z)
            z->_M_parent->_M_left = x;
        else
            z->_M_parent->_M_right = x;
        if (leftmost == z)
            leftmost = z->_M_right ? rb_minimum(x) : z->_M_parent;
        if (rightmost == z)
            rightmost = z->_M_left ? rb_maximum(x) : z->_M_parent;
    }
    if (y->_M_color != std::_S_red) {
        while (x != root && !rb_is_red(x)) {
            if (x == x_parent->_M_left) {
                Node *w = x_parent->_M_right;
                if (rb_is_red(w)) {
                    w->_M_color = std::_S_black;
                    x_parent->_M_color = std::_S_red;
                    rb_rotate_left(x_parent, root);
                    w = x_parent->_M_right;
                }
                if (!rb_is_red(w->_M_left) && !rb_is_red(w->_M_right)) {
                    w->_M_color = std::_S_red;
                    x = x_parent;
                    x_parent = x_parent->_M_parent;
                } else {
                    if (!rb_is_red(w->_M_right)) {
                        w->_M_left->_M_color = std::_S_black;
                        w->_M_color = std::_S_red;
                        rb_rotate_right(w, root);
                        w = x_parent->_M_right;
                    }
                    w->_M_color = x_parent->_M_color;
                    x_parent->_M_color = std::_S_black;
                    if (w->_M_right)
                        w->_M_right->_M_color = std::_S_black;
                    rb_rotate_left(x_parent, root);
                    break;
                }
            } else {
                Node *w = x_parent->_M_left;
                if (rb_is_red(w)) {
                    w->_M_color = std::_S_black;
                    x_parent->_M_color = std::_S_red;
                    rb_rotate_right(x_parent, root);
                    w = x_parent->_M_left;
                }
                if (!rb_is_red(w->_M_right) && !rb_is_red(w->_M_left)) {
                    w->_M_color = std::_S_red;
                    x = x_parent;
                    x_parent = x_parent->_M_parent;
                } else {
                    if (!rb_is_red(w->_M_left)) {
                        w->_M_right->_M_color = std::_S_black;
                        w->_M_color = std::_S_red;
                        rb_rotate_left(w, root);
                        w = x_parent->_M_left;
                    }
                    w->_M_color = x_parent->_M_color;
                    x_parent->_M_color = std::_S_black;
                    if (w->_M_left)
                        w->_M_left->_M_color = std::_S_black;
                    rb_rotate_right(x_parent, root);
                    break;
                }
            }
        }
        if (x)
            x->_M_color = std::_S_black;
    }
    return y;
}

unsigned int std::_Rb_tree_black_count(const std::_Rb_tree_node_base *node,
                                       const std::_Rb_tree_node_base *root) throw() {
    unsigned int count = 0;
    for (; node; node = node->_M_parent) {
        if (node->_M_color == std::_S_black)
            ++count;
        if (node == root)
            break;
    }
    return count;
}

// ----- hashing (std::hash of strings) and unordered containers -----

// FNV-1a: any deterministic hash serves; the buckets an element lands in
// never change what a correct program computes.
std::size_t std::_Hash_bytes(const void *ptr, std::size_t len, std::size_t seed) {
    const unsigned char *p = static_cast<const unsigned char *>(ptr);
    std::size_t h = 14695981039346656037ull ^ seed;
    for (std::size_t i = 0; i < len; ++i) {
        h ^= p[i];
        h *= 1099511628211ull;
    }
    return h;
}

std::size_t std::_Fnv_hash_bytes(const void *ptr, std::size_t len, std::size_t seed) {
    return std::_Hash_bytes(ptr, len, seed);
}

namespace {
bool is_prime(std::size_t n) {
    if (n < 2)
        return false;
    for (std::size_t d = 2; d * d <= n; ++d)
        if (n % d == 0)
            return false;
    return true;
}
} // namespace

// The least prime of at least n buckets, and the element count that will
// need more ([unord.req]: the load factor stays at most max_load_factor).
std::size_t std::__detail::_Prime_rehash_policy::_M_next_bkt(std::size_t n) const {
    std::size_t bkt = n < 2 ? 2 : n;
    while (!is_prime(bkt))
        ++bkt;
    _M_next_resize = (std::size_t)(bkt * (double)_M_max_load_factor);
    return bkt;
}

std::pair<bool, std::size_t>
std::__detail::_Prime_rehash_policy::_M_need_rehash(std::size_t n_bkt, std::size_t n_elt,
                                                    std::size_t n_ins) const {
    if (n_elt + n_ins <= _M_next_resize)
        return std::make_pair(false, 0);
    double min_bkts = (double)(n_elt + n_ins) / (double)_M_max_load_factor;
    if (min_bkts >= (double)n_bkt) {
        std::size_t want = (std::size_t)min_bkts + 1;
        if (want < n_bkt * 2)
            want = n_bkt * 2;
        return std::make_pair(true, _M_next_bkt(want));
    }
    _M_next_resize = (std::size_t)(n_bkt * (double)_M_max_load_factor);
    return std::make_pair(false, 0);
}

// ----- clocks and random_device: inputs, as time() and rand() are -----

// The model's clocks read the logical clock MPI_Wtime reads (README).
std::chrono::_V2::system_clock::time_point std::chrono::_V2::system_clock::now() noexcept {
    timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return time_point(duration(std::chrono::seconds(ts.tv_sec) +
                               std::chrono::nanoseconds(ts.tv_nsec)));
}

std::chrono::_V2::steady_clock::time_point std::chrono::_V2::steady_clock::now() noexcept {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return time_point(duration(std::chrono::seconds(ts.tv_sec) +
                               std::chrono::nanoseconds(ts.tv_nsec)));
}

// A random_device draws from the C library's generator: deterministic in a
// check, an input under --any-input (README "Input hazards").
void std::random_device::_M_init(const std::string &) {}
void std::random_device::_M_init_pretr1(const std::string &) {}
void std::random_device::_M_fini() {}
std::random_device::result_type std::random_device::_M_getval() {
    return (result_type)std::rand();
}
std::random_device::result_type std::random_device::_M_getval_pretr1() {
    return (result_type)std::rand();
}
double std::random_device::_M_getentropy() const noexcept { return 0.0; }

// ----- the standard exceptions (<exception>, <stdexcept>, <new>) -----
//
// Their constructors, destructors and what() live in the shared library;
// a program constructs one before it throws it. The message is a copy in
// a heap block (libstdc++ keeps a reference-counted string there).

std::__cow_string::__cow_string() : _M_p(0) {}
std::__cow_string::__cow_string(const std::string &s) : _M_p(strdup(s.c_str())) {}
std::__cow_string::__cow_string(const char *s, std::size_t n) : _M_p(strndup(s, n)) {}
std::__cow_string::__cow_string(const __cow_string &o) noexcept
    : _M_p(o._M_p ? strdup(o._M_p) : 0) {}
std::__cow_string &std::__cow_string::operator=(const __cow_string &o) noexcept {
    if (this != &o) {
        std::free(const_cast<char *>(_M_p));
        _M_p = o._M_p ? strdup(o._M_p) : 0;
    }
    return *this;
}
std::__cow_string::~__cow_string() { std::free(const_cast<char *>(_M_p)); }

std::exception::~exception() noexcept {}
const char *std::exception::what() const noexcept { return "std::exception"; }
std::bad_exception::~bad_exception() noexcept {}
const char *std::bad_exception::what() const noexcept { return "std::bad_exception"; }
std::bad_alloc::~bad_alloc() noexcept {}
const char *std::bad_alloc::what() const noexcept { return "std::bad_alloc"; }
std::bad_array_new_length::~bad_array_new_length() noexcept {}
const char *std::bad_array_new_length::what() const noexcept {
    return "std::bad_array_new_length";
}
std::bad_cast::~bad_cast() noexcept {}
const char *std::bad_cast::what() const noexcept { return "std::bad_cast"; }

std::logic_error::logic_error(const std::string &m) : _M_msg(m) {}
std::logic_error::logic_error(const char *m) : _M_msg(m, std::strlen(m)) {}
std::logic_error::logic_error(const logic_error &o) noexcept : exception(o), _M_msg(o._M_msg) {}
std::logic_error &std::logic_error::operator=(const logic_error &o) noexcept {
    _M_msg = o._M_msg;
    return *this;
}
std::logic_error::~logic_error() noexcept {}
const char *std::logic_error::what() const noexcept { return _M_msg._M_p ? _M_msg._M_p : ""; }

std::runtime_error::runtime_error(const std::string &m) : _M_msg(m) {}
std::runtime_error::runtime_error(const char *m) : _M_msg(m, std::strlen(m)) {}
std::runtime_error::runtime_error(const runtime_error &o) noexcept
    : exception(o), _M_msg(o._M_msg) {}
std::runtime_error &std::runtime_error::operator=(const runtime_error &o) noexcept {
    _M_msg = o._M_msg;
    return *this;
}
std::runtime_error::~runtime_error() noexcept {}
const char *std::runtime_error::what() const noexcept {
    return _M_msg._M_p ? _M_msg._M_p : "";
}

#define MPIV_DERIVED_ERROR(name, base)                                                        \
    std::name::name(const std::string &m) : base(m) {}                                        \
    std::name::name(const char *m) : base(m) {}                                               \
    std::name::~name() noexcept {}
MPIV_DERIVED_ERROR(domain_error, logic_error)
MPIV_DERIVED_ERROR(invalid_argument, logic_error)
MPIV_DERIVED_ERROR(length_error, logic_error)
MPIV_DERIVED_ERROR(out_of_range, logic_error)
MPIV_DERIVED_ERROR(range_error, runtime_error)
MPIV_DERIVED_ERROR(overflow_error, runtime_error)
MPIV_DERIVED_ERROR(underflow_error, runtime_error)
#undef MPIV_DERIVED_ERROR

bool std::uncaught_exception() noexcept { return false; }
int std::uncaught_exceptions() noexcept { return 0; }

// ----- throwing and catching (Itanium C++ ABI §2.4-2.5, "level II") -----
//
// The extractor lowers exception handling into ordinary control flow
// (extractor/src/lift/eh.rs) once the program has a handler: after a call
// that may throw, the code tests `__mpiv_eh_in_flight` and, when an
// exception is on its way, branches to the call's landing pad (`invoke`)
// or returns at once (a plain call). A landing pad takes the exception
// (`__mpiv_eh_land`) and picks its handler clause by clause
// (`__mpiv_eh_select`); `resume` puts it back in flight. Around a call
// whose landing pad catches, the clauses are pushed on a stack of active
// handlers, which a throw searches first, as libstdc++'s personality
// routine does in its search phase: with no handler that takes the
// exception the process terminates at the throw, before any destructor
// runs (C++17 [except.handle]p9: whether the stack is unwound is then
// implementation-defined; libstdc++ does not unwind).

namespace {

struct Exception {
    void *object;               // what __cxa_allocate_exception gave
    const std::type_info *type; // its dynamic type
    void (*destroy)(void *);    // its destructor, or null
    void *adjusted;             // the object as the selected handler sees it
    bool rethrown;              // thrown again by `throw;` in its handler
    Exception *next;            // the caught exception handled before it
};

// The layouts of <cxxabi.h>'s type_info classes (Itanium C++ ABI §2.9.5).
struct TypeInfo {
    const void *vptr;
    const char *name;
};
struct SingleBaseTypeInfo : TypeInfo {
    const TypeInfo *base;
};
struct BaseInfo {
    const TypeInfo *base;
    long offset_flags; // offset << 8 | 2 (public) | 1 (virtual)
};
struct MultipleBaseTypeInfo : TypeInfo {
    unsigned flags;
    unsigned count;
    BaseInfo bases[1];
};
struct PointerTypeInfo : TypeInfo {
    unsigned flags;
    const TypeInfo *pointee;
};

const int max_handlers = 1024;
const TypeInfo *handlers[max_handlers];
int handler_count;
Exception *caught;

} // namespace

extern "C" {
// The vtables of the type_info classes: only their addresses are used,
// to tell the kinds of type apart.
extern const void *_ZTVN10__cxxabiv117__class_type_infoE[];
extern const void *_ZTVN10__cxxabiv120__si_class_type_infoE[];
extern const void *_ZTVN10__cxxabiv121__vmi_class_type_infoE[];
extern const void *_ZTVN10__cxxabiv119__pointer_type_infoE[];

// The exception on its way to a handler, or null.
Exception *__mpiv_eh_in_flight;
}

namespace {

bool is_kind(const TypeInfo *t, const void **vtable) { return t->vptr == vtable + 2; }

bool is_class(const TypeInfo *t) {
    return is_kind(t, _ZTVN10__cxxabiv117__class_type_infoE) ||
           is_kind(t, _ZTVN10__cxxabiv120__si_class_type_infoE) ||
           is_kind(t, _ZTVN10__cxxabiv121__vmi_class_type_infoE) ||
           is_kind(t, _ZTVN10__cxxabiv119__pointer_type_infoE);
}

// std::type_info::operator==: the same object, or (for the types a
// program defines) the same name. The fundamental types' type_infos are
// the runtime's, one object each.
bool same_type(const TypeInfo *a, const TypeInfo *b) {
    if (a == b)
        return true;
    if (!a || !b || !is_class(a) || !is_class(b) || !a->name || !b->name)
        return false;
    const char *x = a->name[0] == '*' ? a->name + 1 : a->name;
    const char *y = b->name[0] == '*' ? b->name + 1 : b->name;
    return std::strcmp(x, y) == 0;
}

// Whether an object of class `type` at `object` (null: the types only) is
// a `target` or has it as a public base, and where that part of it is
// (C++17 [except.handle]p3).
bool derives(const TypeInfo *type, void *object, const TypeInfo *target, void **adjusted,
             int depth) {
    if (same_type(type, target)) {
        *adjusted = object;
        return true;
    }
    if (!type || depth > 64)
        return false;
    if (is_kind(type, _ZTVN10__cxxabiv120__si_class_type_infoE))
        return derives(static_cast<const SingleBaseTypeInfo *>(type)->base, object, target,
                       adjusted, depth + 1);
    if (!is_kind(type, _ZTVN10__cxxabiv121__vmi_class_type_infoE))
        return false;
    const MultipleBaseTypeInfo *m = static_cast<const MultipleBaseTypeInfo *>(type);
    for (unsigned i = 0; i < m->count; i++) {
        long of = m->bases[i].offset_flags;
        if (!(of & 2))
            continue;
        char *part = 0;
        if (object) {
            long offset = of >> 8;
            // A virtual base's offset is in the object's vtable.
            if (of & 1)
                offset = *reinterpret_cast<long *>(*static_cast<char **>(object) + offset);
            part = static_cast<char *>(object) + offset;
        }
        if (derives(m->bases[i].base, part, target, adjusted, depth + 1))
            return true;
    }
    return false;
}

// Whether a handler of type `clause` (null: `catch (...)`) takes an
// exception of type `type` at `object`, and the object it is given: the
// base part for a class, the (converted) pointer for a pointer.
bool catches(const TypeInfo *type, void *object, const TypeInfo *clause, void **adjusted) {
    if (!clause) {
        *adjusted = object;
        return true;
    }
    if (is_kind(clause, _ZTVN10__cxxabiv119__pointer_type_infoE)) {
        if (!is_kind(type, _ZTVN10__cxxabiv119__pointer_type_infoE))
            return false;
        void *pointer = object ? *static_cast<void **>(object) : 0;
        const TypeInfo *to = static_cast<const PointerTypeInfo *>(clause)->pointee;
        const TypeInfo *from = static_cast<const PointerTypeInfo *>(type)->pointee;
        // catch (void *) takes any object pointer.
        if (to == reinterpret_cast<const TypeInfo *>(&typeid(void))) {
            *adjusted = pointer;
            return true;
        }
        return derives(from, pointer, to, adjusted, 0);
    }
    return derives(type, object, clause, adjusted, 0);
}

int type_id(const void *clause) {
    return static_cast<int>(reinterpret_cast<std::uintptr_t>(clause) >> 32);
}

} // namespace

extern "C" {

void __mpiv_eh_push(const void *clause) {
    if (handler_count < max_handlers)
        handlers[handler_count] = static_cast<const TypeInfo *>(clause);
    handler_count++;
}

void __mpiv_eh_pop(int n) { handler_count -= n; }

// Whether an active handler takes an exception of type `type` (null: the
// exception being handled, for `throw;`).
bool __mpiv_eh_handled(const void *type) {
    const TypeInfo *t = static_cast<const TypeInfo *>(type);
    if (!t) {
        if (!caught)
            return false;
        t = reinterpret_cast<const TypeInfo *>(caught->type);
    }
    int top = handler_count < max_handlers ? handler_count : max_handlers;
    for (int i = top - 1; i >= 0; i--) {
        void *ignored;
        if (catches(t, 0, handlers[i], &ignored))
            return true;
    }
    return false;
}

// A landing pad takes the exception in flight.
Exception *__mpiv_eh_land() {
    Exception *e = __mpiv_eh_in_flight;
    __mpiv_eh_in_flight = 0;
    return e;
}

// The selector of a landing pad after clause `clause`: the one chosen
// before, or this clause's type id when it takes the exception
// (`llvm.eh.typeid.for`), -1 for `catch (...)`; 0 for none (cleanup).
int __mpiv_eh_select(Exception *e, const void *clause, int chosen) {
    if (chosen != 0 || !e)
        return chosen;
    void *adjusted = 0;
    if (!catches(reinterpret_cast<const TypeInfo *>(e->type), e->object,
                 static_cast<const TypeInfo *>(clause), &adjusted))
        return 0;
    e->adjusted = adjusted;
    return clause ? type_id(clause) : -1;
}

// `resume`: the exception continues to the caller.
void __mpiv_eh_resume(Exception *e) { __mpiv_eh_in_flight = e; }

void __cxa_throw(void *object, std::type_info *type, void (*destroy)(void *)) {
    Exception *e = static_cast<Exception *>(std::malloc(sizeof(Exception)));
    e->object = object;
    e->type = type;
    e->destroy = destroy;
    e->adjusted = object;
    e->rethrown = false;
    e->next = 0;
    __mpiv_eh_in_flight = e;
}

void *__cxa_get_exception_ptr(void *e) noexcept { return static_cast<Exception *>(e)->adjusted; }

void *__cxa_begin_catch(void *p) noexcept {
    Exception *e = static_cast<Exception *>(p);
    if (!e)
        return 0;
    e->rethrown = false;
    e->next = caught;
    caught = e;
    return e->adjusted;
}

// The end of a handler: the exception is destroyed unless it was thrown
// again (C++17 [except.throw]p4).
void __cxa_end_catch() {
    Exception *e = caught;
    if (!e)
        return;
    caught = e->next;
    if (e->rethrown)
        return;
    if (e->destroy)
        e->destroy(e->object);
    std::free(e->object);
    std::free(e);
}

void __cxa_rethrow() {
    Exception *e = caught;
    if (!e)
        std::terminate();
    e->rethrown = true;
    __mpiv_eh_in_flight = e;
}
}

// libstdc++'s throwing helpers (<bits/functexcept.h>), called by inline
// library code (std::vector::at, the length checks of the containers).
// The message is the format itself, unformatted.
namespace std {
bad_function_call::~bad_function_call() noexcept {}
const char *bad_function_call::what() const noexcept { return "bad_function_call"; }
void __throw_bad_exception() { throw bad_exception(); }
void __throw_bad_alloc() { throw bad_alloc(); }
void __throw_bad_array_new_length() { throw bad_array_new_length(); }
void __throw_bad_cast() { throw bad_cast(); }
void __throw_bad_function_call() { throw bad_function_call(); }
void __throw_logic_error(const char *m) { throw logic_error(m); }
void __throw_domain_error(const char *m) { throw domain_error(m); }
void __throw_invalid_argument(const char *m) { throw invalid_argument(m); }
void __throw_length_error(const char *m) { throw length_error(m); }
void __throw_out_of_range(const char *m) { throw out_of_range(m); }
void __throw_out_of_range_fmt(const char *m, ...) { throw out_of_range(m); }
void __throw_runtime_error(const char *m) { throw runtime_error(m); }
void __throw_range_error(const char *m) { throw range_error(m); }
void __throw_overflow_error(const char *m) { throw overflow_error(m); }
void __throw_underflow_error(const char *m) { throw underflow_error(m); }
} // namespace std

// glibc's flag that libstdc++ reads before it updates a reference count
// (std::shared_ptr) atomically: a process of the model runs one thread at
// a time between synchronization points, so plain updates are the same.
extern "C" char __libc_single_threaded = 1;

// ----- std::list's node links (libstdc++'s list.cc) -----

namespace std {
namespace __detail {
// Links this node in just before `at`.
void _List_node_base::_M_hook(_List_node_base *const at) noexcept {
    _M_next = at;
    _M_prev = at->_M_prev;
    at->_M_prev->_M_next = this;
    at->_M_prev = this;
}
void _List_node_base::_M_unhook() noexcept {
    _M_prev->_M_next = _M_next;
    _M_next->_M_prev = _M_prev;
}
// Moves the nodes [first, last) to just before this node.
void _List_node_base::_M_transfer(_List_node_base *const first,
                                  _List_node_base *const last) noexcept {
    if (this == last)
        return;
    _List_node_base *const before_first = first->_M_prev;
    _List_node_base *const final_node = last->_M_prev;
    // Close the gap where the range was.
    before_first->_M_next = last;
    last->_M_prev = before_first;
    // Put the range between this node's predecessor and this node.
    _List_node_base *const before_this = _M_prev;
    before_this->_M_next = first;
    first->_M_prev = before_this;
    final_node->_M_next = this;
    _M_prev = final_node;
}
void _List_node_base::_M_reverse() noexcept {
    _List_node_base *node = this;
    do {
        _List_node_base *next = node->_M_next;
        node->_M_next = node->_M_prev;
        node->_M_prev = next;
        node = next;
    } while (node != this);
}
// Exchanges the nodes of two lists (their sentinels x and y).
void _List_node_base::swap(_List_node_base &x, _List_node_base &y) noexcept {
    bool x_empty = x._M_next == &x, y_empty = y._M_next == &y;
    _List_node_base *x_next = x._M_next, *x_prev = x._M_prev;
    if (y_empty) {
        x._M_next = x._M_prev = &x;
    } else {
        x._M_next = y._M_next;
        x._M_prev = y._M_prev;
        x._M_next->_M_prev = &x;
        x._M_prev->_M_next = &x;
    }
    if (x_empty) {
        y._M_next = y._M_prev = &y;
    } else {
        y._M_next = x_next;
        y._M_prev = x_prev;
        y._M_next->_M_prev = &y;
        y._M_prev->_M_next = &y;
    }
}
} // namespace __detail
} // namespace std
